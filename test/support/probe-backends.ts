// Exit 0 when PostgreSQL and Redis both answer (scripts/test.sh then runs the shared pass); else say
// plainly which one is missing, and why, and exit 1.
import { postgresSkipReason, redisSkipReason } from './backends.js';

const reasons = [];
try {
  reasons.push(await postgresSkipReason(), await redisSkipReason());
} catch (error) {
  reasons.push((error as Error).message);
}
const missing = reasons.filter((r): r is string => r !== null);
if (missing.length > 0) {
  for (const reason of missing) console.log(`== shared pass ${reason}`);
  process.exit(1);
}
