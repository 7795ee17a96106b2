-- wrk script: POST /api/v1/solve with puzzles taken in turn from a file.
--   wrk -t2 -c64 -d10s --latency -s solve.lua http://127.0.0.1:8080/api/v1/solve
-- PUZZLES (environment) names the file, one puzzle per line (default
-- data/17-clue.txt); lines starting with '#' are skipped.
local puzzles = {}
local next_one = 1

function init(args)
  local path = os.getenv("PUZZLES") or "data/17-clue.txt"
  for line in io.lines(path) do
    local p = line:match("^(%S+)")
    if p and p:sub(1, 1) ~= "#" then
      puzzles[#puzzles + 1] = '{"puzzle":"' .. p .. '"}'
    end
  end
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  local body = puzzles[next_one]
  next_one = next_one % #puzzles + 1
  return wrk.format(nil, nil, nil, body)
end
