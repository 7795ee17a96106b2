-- wrk script: GET /api/v1/generate for a rated level, a new seed per request.
--   wrk -t2 -c64 -d10s --latency -s generate.lua http://127.0.0.1:8080
-- LEVEL (environment) names the level (default medium): easy, medium, hard, expert, evil.
-- Seeds count up from a per-thread start, so a run is repeatable.
local level = os.getenv("LEVEL") or "medium"
local seed = 0

function setup(thread)
  thread:set("seed", math.random(0, 1000000) * 1000000)
end

function request()
  seed = seed + 1
  return wrk.format("GET", "/api/v1/generate?difficulty=" .. level .. "&seed=" .. seed)
end
