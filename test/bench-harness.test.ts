// The benchmark's own arithmetic (bench/): reading wrk's output and the percentiles its tables show.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseWrk } from '../bench/reads.js';
import { median, percentile } from '../bench/support/stats.js';

const WRK = `Running 10s test @ https://127.0.0.1:40000/fixed
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.91ms    1.02ms  26.22ms   85.03%
    Req/Sec     8.71k   612.54     9.80k    71.50%
  Latency Distribution
     50%    2.71ms
     75%    3.21ms
     90%    3.93ms
     99%  650.00us
  173313 requests in 10.01s, 31.40MB read
  Non-2xx or 3xx responses: 3
  Socket errors: connect 0, read 2, write 0, timeout 1
Requests/sec:  17313.44
Transfer/sec:      3.14MB
`;

describe('the benchmark harness', () => {
  it("reads wrk's rate, latency percentiles in any unit, and every failed request", () => {
    assert.deepEqual(parseWrk(WRK), { rate: 17313.44, p50Ms: 2.71, p99Ms: 0.65, errors: 6 });
    assert.equal(parseWrk(WRK.replace('     99%  650.00us', '     99%    1.20s')).p99Ms, 1200);
    assert.throws(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused'));
  });

  it('takes percentiles by nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    assert.equal(percentile(samples, 99), 99);
    assert.equal(percentile(samples, 100), 100);
    assert.equal(median([5, 1, 3]), 3);
    assert.ok(Number.isNaN(median([])));
  });
});
