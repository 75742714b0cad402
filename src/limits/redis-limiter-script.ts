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
    local window, max = a, b
    local size = math.max(1, math.ceil(window / 60))
    local fields = redis.call('HGETALL', key)
    local total, oldest, newest = 0, nil, nil
    for j = 1, #fields, 2 do
      local s, c = tonumber(fields[j]), tonumber(fields[j + 1])
      if s + size <= now - window then
        redis.call('HDEL', key, fields[j])
      else
        total = total + c
        if oldest == nil or s < oldest then oldest = s end
        if newest == nil or s > newest then newest = s end
      end
    end
    local reset = 0
    if newest ~= nil then reset = newest + size + window - now end
    if total >= max then
      all = false
      results[i] = {0, oldest + size + window - now, 0, reset}
    else
      results[i] = {1, 0, max - total - 1, math.max(reset, size + window)}
      commits[i] = now - (now % size)
    end
  end
end
if all then
  for i, key in ipairs(KEYS) do
    local base = 3 + (i - 1) * 3
    if ARGV[base] == 'g' then
      redis.call('SET', key, commits[i], 'PX', commits[i] - now + pad)
    else
      local window = tonumber(ARGV[base + 1])
      redis.call('HINCRBY', key, commits[i], 1)
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
