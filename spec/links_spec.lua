-- Every relative link of the docs leads somewhere: in README.md and docs/*.md, and in the HTML
-- reference `make doc` writes, each link names a file that exists and, after `#`, an anchor it
-- has (a Markdown heading as GitHub spells it, an id= or name= of HTML). The checker is
-- spec/support/links.lua, which `make doc` also runs; a broken link fails with its file, line
-- and target.
local command = require "support.command"
local data = require "support.data"
local links = require "support.links"

local quote = command.quote

-- A scratch directory holding `files` (name -> text); removed by remove_dir.
local function scratch(files)
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir " .. quote(dir)))
  for name, text in pairs(files) do
    local sub = name:match("^(.*)/")
    if sub then os.execute("mkdir -p " .. quote(dir .. "/" .. sub)) end
    command.write_file(dir .. "/" .. name, text)
  end
  return dir
end

local function remove_dir(dir)
  os.execute("rm -rf " .. quote(dir))
end

-- The broken links of the named files of a scratch directory, as "NAME:LINE TARGET" strings.
local function broken_in(files, names)
  local dir = scratch(files)
  local paths = {}
  for i, name in ipairs(names) do paths[i] = dir .. "/" .. name end
  local list = links.check(paths)
  remove_dir(dir)
  local out = {}
  for i, b in ipairs(list) do out[i] = b.file:sub(#dir + 2) .. ":" .. b.line .. " " .. b.target end
  return out
end

describe("the link checker", function()
  it("spells a heading's anchor as GitHub does", function()
    assert.equal("human-style-logic-sudokulogic", links.slug("Human-style logic: `sudoku.logic`"))
    assert.equal("batches-sudokusolve_many", links.slug("Batches: `sudoku.solve_many`"))
    assert.equal("saved-games-sudokusolverrestoreboard-saved--opts",
      links.slug("Saved games: `sudoku.Solver.restore(board, saved [, opts])`"))
    assert.equal("games-löve-and-other-engines", links.slug("Games: LÖVE and other engines"))
    assert.equal("engines-99-and-1616", links.slug("Engines: 9×9 and 16×16"))
    assert.equal("see-the-api", links.slug("See [the API](docs/API.md)"))
  end)

  it("gives a repeated heading -1, -2, ... and takes id= and name= of inline HTML as anchors",
    function()
    local anchors = links.markdown_anchors("# Methods\n\n## Methods\n\n### Methods\n"
      .. '<a name="saved"></a>\n<span id="kept">x</span>\n```text\n# not a heading\n```\n')
    local list = {}
    for name in pairs(anchors) do list[#list + 1] = name end
    table.sort(list)
    assert.are.same({ "kept", "methods", "methods-1", "methods-2", "saved" }, list)
  end)

  it("reports a missing file or anchor with its file, line and target #posix", function()
    local broken = broken_in({
      ["a.md"] = "# Top\n\nSee [b](b.md#second), [gone](c.md) and [here](#top).\n"
        .. "[up](#nowhere)\n\n[ref]: b.md#first\n",
      ["b.md"] = "# First\n## Second\n",
    }, { "a.md" })
    assert.are.same({ "a.md:3 c.md", "a.md:4 #nowhere" }, broken)
  end)

  it("follows links into directories, images and code files, and line anchors #posix", function()
    local broken = broken_in({
      ["docs/a.md"] = "[root](../README.md) [dir](../src/) ![img](img/x.svg)\n"
        .. "[line](../src/x.c#L2) [past](../src/x.c#L9) [word](../src/x.c#main)\n",
      ["docs/img/x.svg"] = "<svg/>",
      ["README.md"] = "# Readme\n",
      ["src/x.c"] = "int x;\nint y;\n",
    }, { "docs/a.md" })
    assert.are.same({ "docs/a.md:2 ../src/x.c#L9", "docs/a.md:2 ../src/x.c#main" }, broken)
  end)

  it("leaves alone external links and what code blocks and inline code show #posix", function()
    local broken = broken_in({
      ["a.md"] = "[site](https://example.org/x#y) <https://x.org> [mail](mailto:a@b.c)\n"
        .. "`[not](a link)`\n```lua\nlocal t = x[1](2)\n```\n",
    }, { "a.md" })
    assert.are.same({}, broken)
  end)

  it("reads HTML's href= and src= against id= and name= anchors #posix", function()
    local broken = broken_in({
      ["index.html"] = '<html>\n<a href="modules/m.html#f">f</a>\n<a href="modules/m.html#g">g</a>\n'
        .. '<img src="x.png">\n<link rel="stylesheet" href="ldoc.css">\n'
        .. '<a href="https://x.org/">x</a> <a href="#top">top</a>\n<div id="top"></div></html>',
      ["modules/m.html"] = '<a name = "f"></a><a href="../index.html#top">i</a>',
      ["ldoc.css"] = "",
    }, { "index.html", "modules/m.html" })
    assert.are.same({ "index.html:3 modules/m.html#g", "index.html:4 x.png" }, broken)
  end)

  it("says why, one FILE:LINE line per broken link", function()
    assert.equal("README.md:3: broken link docs/X.md (no file docs/X.md)", links.report({
      { file = "README.md", line = 3, target = "docs/X.md", why = "no file docs/X.md" } }))
  end)
end)

describe("the docs' links", function()
  it("README.md and docs/*.md: every relative link and anchor exists #posix", function()
    local files = {}
    for i, name in ipairs(links.markdown_docs(data.root)) do files[i] = data.root .. name end
    assert.is_true(#files >= 5, "the Markdown docs: " .. table.concat(files, ", "))
    local broken = links.check(files)
    assert(#broken == 0, "broken links:\n" .. links.report(broken))
  end)

  it("the reference make doc writes: every link and anchor exists, and each public module has "
    .. "its page #posix", function()
    local missing = command.missing_tool("ldoc", "lua-ldoc")
    if missing then return pending(missing) end
    -- Its own directory: CI's other lane may be making build/doc at the same time.
    local dir = os.tmpname()
    os.remove(dir)
    local out, status = command.shell("cd " .. quote(data.root) .. " && unset LD_PRELOAD && "
      .. "make --no-print-directory doc DOC_DIR=" .. quote(dir))
    local files = status == 0 and links.files({ dir }) or {}
    local broken = links.check(files)
    local pages = {}
    for _, file in ipairs(files) do
      local name = file:match("/modules/([%w_.]+)%.html$")
      if name then pages[name] = true end
    end
    remove_dir(dir)
    assert(status == 0, out)
    assert(#broken == 0, "broken links:\n" .. links.report(broken))
    local without = {}
    for _, module in ipairs(data.public_modules()) do
      if not pages[module.name] then without[#without + 1] = module.name end
    end
    assert.are.same({}, without)
    assert.is_true(pages["sudoku.logic"] and pages["sudoku.play"])
  end)
end)
