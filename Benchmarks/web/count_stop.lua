-- wrk script: each thread stops after REQUESTS_PER_THREAD responses (wrk's -d stays a cap), so a run makes a known
-- number of requests (within the connections still in flight when a thread stops).
local limit = tonumber(os.getenv("REQUESTS_PER_THREAD") or "1000")
local answered = 0

response = function(status, headers, body)
  answered = answered + 1
  if answered >= limit then
    wrk.thread:stop()
  end
end
