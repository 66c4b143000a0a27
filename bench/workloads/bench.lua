-- Lua workload for bench/run-suite.sh: fannkuch, metatable objects, string
-- building and a table-based sieve, all deterministic; prints checksums that
-- must not depend on the machine. usage: lua5.4 bench.lua [SCALE]
local scale = tonumber(arg[1]) or 1

-- Permutation flipping: array indexing and tight integer loops.
local function fannkuch(n)
  local perm, perm1, count = {}, {}, {}
  for i = 0, n - 1 do perm1[i] = i end
  local max_flips, checksum, r, sign = 0, 0, n, 1
  while true do
    while r ~= 1 do count[r - 1] = r; r = r - 1 end
    for i = 0, n - 1 do perm[i] = perm1[i] end
    local flips, k = 0, perm[0]
    while k ~= 0 do
      local i, j = 0, k
      while i < j do perm[i], perm[j] = perm[j], perm[i]; i = i + 1; j = j - 1 end
      flips = flips + 1
      k = perm[0]
    end
    if flips > max_flips then max_flips = flips end
    checksum = checksum + sign * flips
    sign = -sign
    while true do
      if r == n then return checksum, max_flips end
      local first = perm1[0]
      for i = 0, r - 1 do perm1[i] = perm1[i + 1] end
      perm1[r] = first
      count[r] = count[r] - 1
      if count[r] > 0 then break end
      r = r + 1
    end
  end
end

-- Objects with metatables: method calls through __index.
local Account = {}
Account.__index = Account
function Account.new(id) return setmetatable({id = id, balance = 0, ops = 0}, Account) end
function Account:deposit(v) self.balance = self.balance + v; self.ops = self.ops + 1 end
function Account:withdraw(v)
  if v <= self.balance then self.balance = self.balance - v; self.ops = self.ops + 1; return true end
  return false
end

local function bank(rounds)
  local accounts = {}
  for i = 1, 500 do accounts[i] = Account.new(i) end
  local x, refused = 12345, 0
  for _ = 1, rounds do
    x = (x * 1103515245 + 12345) % 2147483648
    local a = accounts[x % 500 + 1]
    if x % 3 == 0 then
      if not a:withdraw(x % 1000) then refused = refused + 1 end
    else
      a:deposit(x % 700)
    end
  end
  local total = 0
  for i = 1, #accounts do total = total + accounts[i].balance * i + accounts[i].ops end
  return total, refused
end

-- Strings: formatting, concatenation through a buffer, pattern matching.
local function strings(n)
  local parts = {}
  for i = 1, n do parts[#parts + 1] = string.format("item%05d=%x;", i, i * 7919 % 65536) end
  local s = table.concat(parts)
  local sum, count = 0, 0
  for key, value in s:gmatch("item(%d+)=(%x+);") do
    sum = sum + tonumber(key) * tonumber(value, 16) % 1000003
    count = count + 1
  end
  local replaced = select(2, s:gsub("item0", "I"))
  return sum, count, replaced, #s
end

-- Sieve in a Lua table (array part).
local function sieve(n)
  local composite, count = {}, 0
  for i = 2, n do
    if not composite[i] then
      count = count + 1
      for j = i * i, n, i do composite[j] = true end
    end
  end
  return count
end

for round = 1, scale do
  print("fannkuch", fannkuch(8))
  print("bank", bank(600000))
  print("strings", strings(40000))
  print("sieve", sieve(1000000 + round))
end
