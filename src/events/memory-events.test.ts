import { runMailEventsContract } from './mail-events-contract.js';
import { createMemoryEvents } from './memory-events.js';

runMailEventsContract('in-process', () => createMemoryEvents());
