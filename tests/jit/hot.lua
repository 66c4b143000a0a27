-- LuaJIT trace-compiler workload for tests/jit/run-jit-tests.sh: hot numeric
-- loops, table traffic and string building, enough iterations that every loop
-- gets traced. Output must not depend on timing, addresses or hash order.

local function numeric(n)
  local s, x = 0, 1
  for i = 1, n do
    x = (x * 1103 + 12345) % 1048573
    s = (s + x % 1000 - i % 7) % 1000000007
  end
  local f = 0.0
  for i = 1, n do f = f + 1.0 / (i * i) end
  return s, string.format("%.12f", f)
end

local function tables(n)
  local t = {}
  for i = 1, n do t[i] = (i * 7919) % 10007 end
  table.sort(t)
  local h = {}
  for i = 1, n do
    local k = "k" .. (t[i] % 257)
    h[k] = (h[k] or 0) + t[i]
  end
  local keys = {}
  for k in pairs(h) do keys[#keys + 1] = k end
  table.sort(keys)
  local acc = 0
  for i, k in ipairs(keys) do acc = (acc * 31 + h[k] + i) % 1000000007 end
  local pts = {}
  for i = 1, n do pts[i] = { x = i % 100, y = (i * 3) % 101 } end
  local sx, sy = 0, 0
  for _, p in ipairs(pts) do sx = sx + p.x; sy = sy + p.y * p.x end
  return #keys, acc, sx, sy
end

local function strings(n)
  local parts = {}
  for i = 1, n do parts[#parts + 1] = string.format("%d:%x;", i, i * i) end
  local s = table.concat(parts)
  local c = 0
  for d in s:gmatch("%d+") do c = c + #d end
  local r = s:sub(1, 64):upper():gsub("[0-9]", "#")
  local b = {}
  for i = 1, 2000 do b[i] = string.char(65 + (i * 13) % 26) end
  local w = table.concat(b):rep(3)
  local h = 0
  for i = 1, #w do h = (h * 33 + w:byte(i)) % 4294967296 end
  return #s, c, r, h
end

local function closures(n)
  local function make(k) return function(v) return v * k + 1 end end
  local fs = {}
  for i = 1, 16 do fs[i] = make(i) end
  local s = 0
  for i = 1, n do s = (s + fs[i % 16 + 1](i)) % 1000003 end
  return s
end

-- Branches whose bias changes with the phase: side traces get attached to
-- (patched into) existing machine code, and jit.flush() throws it all away.
local function phased(n, phase)
  local s = 0
  for i = 1, n do
    local v = (i * 7 + phase) % 13
    if v < phase then s = s + v * 3 elseif v == 5 then s = s - 1 else s = s + i % 5 end
    if i % 1000 == phase then s = s + 100 end
  end
  return s
end

local function patching(rounds)
  local acc = 0
  for round = 1, rounds do
    for phase = 0, 12 do acc = (acc + phased(20000, phase)) % 1000000007 end
    if round % 5 == 0 and jit then jit.flush() end
  end
  return acc
end

for round = 1, 3 do
  print("round", round)
  print("numeric", numeric(3000000))
  print("tables", tables(200000))
  print("strings", strings(100000))
  print("closures", closures(2000000))
  print("patching", patching(20))
end
if jit then
  print("jit", (jit.status()))
end
