// The shared limiter's Lua script: every limit of one request checked and, only when all admit it,
// spent, in one atomic step inside Redis. It is the arithmetic of gcra.ts and sliding-window.ts, on
// Redis's own clock (TIME), so nodes whose clocks disagree still share one budget (D17).
//
// KEYS: one per rule. ARGV[1]: the time in ms, or '' for Redis's clock. ARGV[2]: extra ms added to every
// expiry (0 on Redis's clock; a margin when the caller's clock runs apart from Redis's, as in tests).
// Then three values per rule: 'g', period ms, burst (GCRA) or 'w', window ms, max (sliding window).
// Returns four integers per rule: allowed (1/0), retry after ms, remaining, reset ms.
export const CONSUME_SCRIPT = `
local now
if ARGV[1] == '' then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
else
  now = tonumber(ARGV[1])
end
local pad = tonumber(ARGV[2])
local results, commits, all = {}, {}, true
for i, key in ipairs(KEYS) do
  local base = 3 + (i - 1) * 3
  local kind, a, b = ARGV[base], tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2])
  if kind == 'g' then
    local period, burst = a, b
    local tat = tonumber(redis.call('GET', key) or now)
    local start = math.max(tat, now)
    local nextTat = start + period
    local capacity = burst * period
    local allowAt = nextTat - capacity
    if now < allowAt then
      all = false
      results[i] = {0, allowAt - now, math.max(0, math.floor((capacity - (start - now)) / period)), start - now}
    else
      results[i] = {1, 0, math.floor((capacity - (nextTat - now)) / period), nextTat - now}
      commits[i] = nextTat
    end
  else
    -- The window's buckets (field: bucket start, value: count) and, beside them, 'n' their total, 'lo' the
    -- oldest bucket start that may still be held and 'hi' the newest, so a request reads and drops only the
    -- buckets that left the window since the last one, instead of every bucket (HGETALL) every time.
    local window, max = a, b
    local size = math.max(1, math.ceil(window / 60))
    local meta = redis.call('HMGET', key, 'n', 'lo', 'hi')
    local total, lo, hi = tonumber(meta[1]) or 0, tonumber(meta[2]), tonumber(meta[3])
    local moved = false
    if lo ~= nil then
      while lo <= hi and lo + size <= now - window do
        local c = redis.call('HGET', key, lo)
        if c then
          total = total - tonumber(c)
          redis.call('HDEL', key, lo)
        end
        lo = lo + size
        moved = true
      end
      if lo > hi then
        lo, hi, total = nil, nil, 0
      end
    end
    if moved then
      if lo == nil then redis.call('DEL', key) else redis.call('HSET', key, 'n', total, 'lo', lo) end
    end
    local reset = 0
    if hi ~= nil then reset = hi + size + window - now end
    if total >= max then
      all = false
      local oldest = lo
      while oldest < hi and not redis.call('HGET', key, oldest) do oldest = oldest + size end
      results[i] = {0, oldest + size + window - now, 0, reset}
    else
      results[i] = {1, 0, max - total - 1, math.max(reset, size + window)}
      local start = now - (now % size)
      if lo == nil or start < lo then lo = start end
      if hi == nil or start > hi then hi = start end
      commits[i] = {start, total + 1, lo, hi}
    end
  end
end
if all then
  for i, key in ipairs(KEYS) do
    local base = 3 + (i - 1) * 3
    if ARGV[base] == 'g' then
      redis.call('SET', key, commits[i], 'PX', commits[i] - now + pad)
    else
      local window, c = tonumber(ARGV[base + 1]), commits[i]
      redis.call('HINCRBY', key, c[1], 1)
      redis.call('HSET', key, 'n', c[2], 'lo', c[3], 'hi', c[4])
      redis.call('PEXPIRE', key, window + math.max(1, math.ceil(window / 60)) + pad)
    end
  end
end
local out = {}
for i = 1, #KEYS do
  for j = 1, 4 do out[#out + 1] = results[i][j] end
end
return out
`;
