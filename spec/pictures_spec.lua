-- The pictures README.md and docs/ show (docs/img/) are what `make pictures` (mk/pictures.sh, through
-- bin/sudoku render) draws today, and those pages show every one of them: a change to the renderer
-- that alters them fails here until they are regenerated.
local cmd = require "support.command"
local data = require "support.data"

local quote, read_file = cmd.quote, cmd.read_file

local function lines_of_command(line)
  local pipe = assert(io.popen(line))
  local list = {}
  for item in pipe:lines() do list[#list + 1] = item end
  pipe:close()
  return list
end

local function committed_pictures()
  return lines_of_command("cd " .. quote(data.root) .. " && ls docs/img/*.svg")
end

describe("the pictures of docs/img/", function()
  local dir

  setup(function()
    dir = os.tmpname()
    os.remove(dir)
    local log = os.tmpname()
    local ok = os.execute(("cd %s && LUA=%s sh mk/pictures.sh %s >%s 2>&1"):format(
      quote(data.root), quote(cmd.LUA), quote(dir), quote(log)))
    local output = read_file(log)
    os.remove(log)
    assert(ok == 0 or ok == true, "mk/pictures.sh failed:\n" .. output)
  end)

  teardown(function()
    if dir then os.execute("rm -rf " .. quote(dir)) end
  end)

  it("are the files mk/pictures.sh makes, byte for byte", function()
    local made = lines_of_command("cd " .. quote(dir) .. " && ls *.svg")
    local committed = {}
    for i, path in ipairs(committed_pictures()) do committed[i] = path:match("[^/]+$") end
    assert.same(made, committed)
    assert.is_true(#made >= 3)
    for _, name in ipairs(made) do
      assert.equal(read_file(dir .. "/" .. name), read_file(data.root .. "docs/img/" .. name),
        "docs/img/" .. name .. " is not what `make pictures` draws today: run it")
    end
  end)

  it("are each shown once in README.md or docs/*.md, which show no other", function()
    local shown = { svg = {}, png = {} }
    -- README.md links them as docs/img/..., the pages of docs/ as img/...
    local pages = { ["README.md"] = "" }
    for _, file in ipairs(lines_of_command("cd " .. quote(data.root) .. " && ls docs/*.md")) do
      pages[file] = "docs/"
    end
    for file, prefix in pairs(pages) do
      for path in read_file(data.root .. file):gmatch("!%[[^%]]*%]%(([^%)]*img/[^%)]+)%)") do
        path = prefix .. path
        local list = shown[path:match("%.(%w+)$")]
        assert(list, file .. " shows a picture that is neither SVG nor PNG: " .. path)
        list[#list + 1] = path
      end
    end
    table.sort(shown.svg)
    table.sort(shown.png)
    assert.same(committed_pictures(), shown.svg)
    -- The PNGs of every variant family (spec/fixtures/render/pictures.lua draws them).
    assert.same(lines_of_command("cd " .. quote(data.root) .. " && ls docs/img/*.png"), shown.png)
  end)
end)
