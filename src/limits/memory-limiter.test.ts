import { runRateLimiterContract } from './rate-limiter-contract.js';
import { createMemoryLimiter } from './memory-limiter.js';

runRateLimiterContract('in-process', (clock) => createMemoryLimiter(clock));
