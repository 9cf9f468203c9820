-- Reads busted's terminal output on stdin and prints the closing line CI looks for:
-- "N passed, N failed, N skipped" (errors count as failures, pending as skipped).
local text = io.read("*a")
local successes, failures, errors, pending =
  text:match("(%d+) successes? / (%d+) failures? / (%d+) errors? / (%d+) pending")
if not successes then
  print("0 passed, 1 failed, 0 skipped")
  return
end
print(string.format("%d passed, %d failed, %d skipped",
  tonumber(successes), tonumber(failures) + tonumber(errors), tonumber(pending)))
