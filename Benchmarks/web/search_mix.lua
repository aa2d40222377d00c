-- wrk script: Bible-wide searches on the server's /search, cycled per request. SEARCH_MIX=strongs (Strong's numbers
-- of both testaments, frequent and rare) or phrase (quoted English phrases).
local mixes = {
  strongs = {"G3056", "H430", "G2316", "H3068", "G26", "H7225", "G5485", "H1254", "G4102", "H2617"},
  phrase = {'"in the beginning"', '"the word"', '"grace and truth"', '"the LORD said"', '"light of the world"',
            '"son of man"', '"kingdom of God"', '"steadfast love"', '"let there be"', '"in the wilderness"'},
}
local queries = mixes[os.getenv("SEARCH_MIX") or "strongs"] or mixes.strongs
local counter = 0

local function encode(text)
  return (text:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

request = function()
  counter = counter + 1
  local query = queries[(counter % #queries) + 1]
  return wrk.format("GET", "/search?q=" .. encode(query))
end
