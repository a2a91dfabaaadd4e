-- Headless test of the ompx Neovim client against the real ompx-lsp.
--   OMPX_LSP=/path/ompx-lsp OMPX_REPO=/path/to/repo nvim --headless -u NONE -i NONE -n -c "luafile extension/nvim/test/headless.lua"
-- Exits 0 when nothing failed; prints "nvim: N passed, N failed, N skipped".
-- Works on Neovim 0.7.2 (Debian 12) and later. OMPX_NVIM_CHECKS=PATTERN (a Lua
-- pattern) runs only the checks whose names match it (the server lookup
-- checks need no server: OMPX_NVIM_CHECKS='^server lookup').
local repo = assert(os.getenv('OMPX_REPO'), 'OMPX_REPO not set')
local server = os.getenv('OMPX_LSP') or (repo .. '/build/server/ompx-lsp')
local require_features = (os.getenv('OMPX_REQUIRE_FEATURES') or '') ~= ''
local only = os.getenv('OMPX_NVIM_CHECKS')
vim.opt.runtimepath:prepend(repo .. '/extension/nvim')
vim.opt.swapfile = false
vim.opt.shortmess:append('F')

local passed, failed, skipped = 0, 0, 0
local function out(s) io.stdout:write(s .. '\n') end
local function check(name, fn)
  if only and only ~= '' and not name:find(only) then return end
  local ok, err = pcall(fn)
  if ok and err == 'skip' then -- counted and reported by skip()
  elseif ok then passed = passed + 1; out('ok - ' .. name)
  else failed = failed + 1; out('not ok - ' .. name .. ': ' .. tostring(err)) end
end
local function skip(name, why)
  if require_features then error(why .. ' (OMPX_REQUIRE_FEATURES is set)') end
  skipped = skipped + 1
  out('ok - ' .. name .. ' # SKIP ' .. why)
  return 'skip'
end
local function finish()
  out(('nvim %s: %d passed, %d failed, %d skipped'):format(tostring(vim.version().major .. '.' .. vim.version().minor .. '.' .. vim.version().patch), passed, failed, skipped))
  vim.cmd((failed == 0) and 'qall!' or 'cquit 1')
end

local ok_setup, err_setup = pcall(function()
  require('ompx').setup({ cmd = { server }, launch = { timeout = 120 } })
end)
if not ok_setup then out('not ok - setup: ' .. tostring(err_setup)); failed = failed + 1; finish() end

local function wait_client(bufnr)
  local c
  vim.wait(20000, function() c = require('ompx').get_client(bufnr); return c ~= nil and c.initialized ~= false end, 50)
  return c
end

-- Server lookup. A build/server/ompx-lsp found by walking up from a buffer is
-- whatever the tree it sits in holds: opening a file of a downloaded tree must
-- not run it. Default: cmd, server_path, then PATH only; search_build_tree =
-- true searches the buffer's (and the cwd's) git checkout, below $HOME.
local function fake_server(dir)
  vim.fn.mkdir(dir .. '/build/server', 'p')
  local p = dir .. '/build/server/ompx-lsp'
  vim.fn.writefile({ '#!/bin/sh', 'exit 0' }, p)
  vim.fn.setfperm(p, 'rwxr-xr-x')
  assert(vim.fn.executable(p) == 1, p .. ' is not executable')
  return p
end
local function with_lookup_env(fn)
  local ompx = require('ompx')
  local root = vim.fn.resolve(vim.fn.tempname())
  vim.fn.mkdir(root .. '/empty', 'p')
  local saved = { path = vim.env.PATH, home = vim.env.HOME, cwd = vim.fn.getcwd(),
    server_path = ompx.config.server_path, search = ompx.config.search_build_tree }
  local ok, err = pcall(function()
    vim.env.PATH = root .. '/empty' -- no ompx-lsp on PATH
    vim.env.HOME = root .. '/home'
    vim.fn.mkdir(root .. '/home', 'p')
    ompx.config.server_path = nil
    ompx.config.search_build_tree = nil
    fn(ompx, root)
  end)
  vim.env.PATH, vim.env.HOME = saved.path, saved.home
  vim.cmd('cd ' .. vim.fn.fnameescape(saved.cwd))
  ompx.config.server_path, ompx.config.search_build_tree = saved.server_path, saved.search
  vim.fn.delete(root, 'rf')
  assert(ok, err)
end

check('server lookup: a build/server/ompx-lsp above the buffer is not run by default', function()
  with_lookup_env(function(ompx, root)
    -- A checkout with a build tree, the buffer two folders down, the cwd inside it too.
    local proj = root .. '/proj'
    vim.fn.mkdir(proj .. '/.git', 'p')
    vim.fn.mkdir(proj .. '/sub/deep', 'p')
    local planted = fake_server(proj)
    vim.cmd('cd ' .. vim.fn.fnameescape(proj .. '/sub'))
    local p, why = ompx.find_server(nil, proj .. '/sub/deep/a.mlir')
    assert(p ~= planted, 'ran the tree\'s ' .. tostring(p))
    assert(p == nil and why:find('search_build_tree', 1, true), tostring(p) .. ' / ' .. tostring(why))
    -- server_path and PATH still work.
    local mine = fake_server(root .. '/mine')
    assert(ompx.find_server(mine, proj .. '/sub/deep/a.mlir') == mine)
    vim.env.PATH = root .. '/mine/build/server'
    assert(ompx.find_server(nil, proj .. '/sub/deep/a.mlir') == mine)
  end)
end)

check('server lookup: search_build_tree = true finds the git checkout\'s build, not above it or in $HOME', function()
  with_lookup_env(function(ompx, root)
    ompx.config.search_build_tree = true
    vim.cmd('cd ' .. vim.fn.fnameescape(root))
    -- The buffer's checkout (.git a folder, or a file as in a worktree).
    local proj = root .. '/proj'
    vim.fn.mkdir(proj .. '/.git', 'p')
    vim.fn.mkdir(proj .. '/sub/deep', 'p')
    local own = fake_server(proj)
    assert(ompx.find_server(nil, proj .. '/sub/deep/a.mlir') == own)
    local wt = root .. '/wt'
    vim.fn.mkdir(wt .. '/x', 'p')
    vim.fn.writefile({ 'gitdir: ' .. proj .. '/.git' }, wt .. '/.git')
    local wt_server = fake_server(wt)
    assert(ompx.find_server(nil, wt .. '/x/a.mlir') == wt_server)
    -- Not above the git root: outer/ holds a build, outer/repo is the checkout.
    fake_server(root .. '/outer')
    vim.fn.mkdir(root .. '/outer/repo/.git', 'p')
    vim.fn.mkdir(root .. '/outer/repo/x', 'p')
    assert(ompx.find_server(nil, root .. '/outer/repo/x/a.mlir') == nil, 'searched above the git root')
    -- No git checkout: no search.
    fake_server(root .. '/loose')
    vim.fn.mkdir(root .. '/loose/x', 'p')
    assert(ompx.find_server(nil, root .. '/loose/x/a.mlir') == nil, 'searched a tree that is no git checkout')
    -- Never $HOME itself, even when $HOME is a checkout (dotfiles).
    local home = root .. '/home'
    vim.fn.mkdir(home .. '/.git', 'p')
    vim.fn.mkdir(home .. '/notes', 'p')
    fake_server(home)
    assert(ompx.find_server(nil, home .. '/notes/a.mlir') == nil, 'ran $HOME/build/server/ompx-lsp')
    -- The cwd's checkout counts too (Neovim >= 0.11 configures from the cwd).
    vim.cmd('cd ' .. vim.fn.fnameescape(proj .. '/sub'))
    assert(ompx.find_server(nil, root .. '/loose/x/a.mlir') == own)
  end)
end)

check('setup registers the mlir filetype and the commands', function()
  vim.cmd('edit ' .. repo .. '/examples/errors.mlir')
  assert(vim.bo.filetype == 'mlir', 'filetype is ' .. vim.bo.filetype)
  for _, c in ipairs({ 'OmpxLaunch', 'OmpxDevices', 'OmpxLaunchCancel', 'OmpxRestart', 'OmpxReleaseAllocation', 'OmpxHotSpots',
      'OmpxPipeline', 'OmpxPipelineDiff', 'OmpxOpHistory', 'OmpxPipelineCancel' }) do
    assert(vim.fn.exists(':' .. c) == 2, c .. ' missing')
  end
end)

check('diagnostics on examples/errors.mlir (parse, contained crash, verify)', function()
  local bufnr = vim.fn.bufnr(repo .. '/examples/errors.mlir')
  assert(wait_client(bufnr), 'no ompx_lsp client attached')
  local diags
  assert(vim.wait(30000, function() diags = vim.diagnostic.get(bufnr); return #diags >= 3 end, 50),
    'diagnostics: ' .. vim.inspect(vim.diagnostic.get(bufnr)))
  table.sort(diags, function(a, b) return a.lnum < b.lnum end)
  local got = {}
  for _, d in ipairs(diags) do table.insert(got, (d.lnum + 1) .. ':' .. tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code))) end
  assert(table.concat(got, ' ') == '4:parse 8:mlir-crash 16:verify', table.concat(got, ' '))
  assert(diags[1].message:match('expects different type than prior uses'), diags[1].message)
end)

local flang = repo .. '/examples/omp_target_teams_dpd.hlfir.mlir'

-- The documented setups, copied out of the Markdown: the fenced block after a
-- `<!-- ompx-doc-test: NAME -->` line. Only the /path/to/ompx placeholders are
-- replaced, so the docs cannot drift from what is tested.
local function doc_blocks(file, name)
  local lines = vim.fn.readfile(repo .. '/' .. file)
  local blocks, i = {}, 1
  while i <= #lines do
    if lines[i]:match('^<!%-%- ompx%-doc%-test: ' .. name:gsub('%p', '%%%0') .. ' %-%->$') then
      assert(lines[i + 1] and lines[i + 1]:match('^```lua'), file .. ':' .. (i + 1) .. ': no ```lua block after the marker')
      local body = {}
      i = i + 2
      while lines[i] and not lines[i]:match('^```') do table.insert(body, lines[i]); i = i + 1 end
      table.insert(blocks, table.concat(body, '\n') .. '\n')
    end
    i = i + 1
  end
  return blocks
end
local function plain_replace(s, from, to)
  local out, start = {}, 1
  while true do
    local a, b = s:find(from, start, true)
    if not a then break end
    table.insert(out, s:sub(start, a - 1)); table.insert(out, to); start = b + 1
  end
  table.insert(out, s:sub(start))
  return table.concat(out)
end
local function instantiate(snippet)
  snippet = plain_replace(snippet, '/path/to/ompx/build/server/ompx-lsp', server)
  snippet = plain_replace(snippet, '/path/to/ompx-lsp', server)
  return plain_replace(snippet, '/path/to/ompx', repo)
end

-- Runs a documented snippet as the init.lua of a fresh nvim (defaults on:
-- filetype detection, syntax) that opens the flang file, then snippet_checks.lua.
local function run_snippet(file, name, kind)
  local blocks = doc_blocks(file, name)
  assert(#blocks == 1, ('%s: %d blocks marked %s'):format(file, #blocks, name))
  local init = vim.fn.tempname() .. '.lua'
  vim.fn.writefile(vim.split(instantiate(blocks[1]), '\n'), init)
  local cmd = ('cd %s && OMPX_SNIPPET_KIND=%s timeout 120 nvim --headless -u %s -i NONE -n %s -c %s 2>&1'):format(
    vim.fn.shellescape(repo), kind, vim.fn.shellescape(init), vim.fn.shellescape(flang),
    vim.fn.shellescape('luafile ' .. repo .. '/extension/nvim/test/snippet_checks.lua'))
  local output = vim.fn.system(cmd)
  local code = vim.v.shell_error
  vim.fn.delete(init)
  for l in output:gmatch('[^\n]+') do if l:match('^n?o?t? ?ok %- ') then out('    ' .. l) end end
  assert(code == 0 and output:find('ok - hover returns text', 1, true), ('exit %d:\n%s'):format(code, output))
end

check('docs/editors.md Neovim setup, run verbatim: attached, mlir, syntax, K = hover, hover text, omnifunc', function()
  run_snippet('docs/editors.md', 'nvim-setup', 'module')
end)
check('docs/user-guide.md Neovim 0.7-0.10 setup, run verbatim: attached, mlir, hover text', function()
  run_snippet('docs/user-guide.md', 'nvim-minimal', 'minimal')
end)

-- The >= 0.11 setups cannot run on 0.7-0.10: they must parse, and use only
-- Neovim 0.11 API, run here against a stand-in `vim` that knows just the
-- names below (vim.lsp.config/enable and vim.filetype.add from :help lsp-config
-- and :help vim.filetype.add of 0.11) and the fields of a vim.lsp.Config.
check('Neovim >= 0.11 setups parse and use only 0.11 API names', function()
  local blocks = {}
  for _, f in ipairs({ 'docs/editors.md', 'docs/user-guide.md' }) do
    for _, b in ipairs(doc_blocks(f, 'nvim-0.11')) do table.insert(blocks, { f, b }) end
  end
  assert(#blocks == 2, #blocks .. ' blocks marked nvim-0.11')
  local config_fields = { cmd = 1, filetypes = 1, root_markers = 1, root_dir = 1, settings = 1, init_options = 1,
    capabilities = 1, on_attach = 1, handlers = 1, name = 1, cmd_env = 1, cmd_cwd = 1, workspace_required = 1 }
  for _, fb in ipairs(blocks) do
    local chunk, err = loadstring(instantiate(fb[2]), fb[1])
    assert(chunk, fb[1] .. ': ' .. tostring(err))
    local configured, enabled = {}, {}
    local function strict(name, t)
      return setmetatable(t, { __index = function(_, k) error(fb[1] .. ': vim.' .. name .. k .. ' is not used by this test\'s 0.11 API list', 2) end })
    end
    local fake = strict('', {
      lsp = strict('lsp.', {
        config = function(name, cfg)
          assert(type(name) == 'string' and type(cfg) == 'table', 'vim.lsp.config(name, table)')
          for k in pairs(cfg) do assert(config_fields[k], 'vim.lsp.Config has no field ' .. k) end
          assert(type(cfg.cmd) == 'table' and vim.fn.executable(cfg.cmd[1]) == 1, 'cmd: ' .. vim.inspect(cfg.cmd))
          configured[name] = cfg
        end,
        enable = function(name) enabled[name] = true end,
      }),
      filetype = strict('filetype.', { add = function(t) assert(type(t) == 'table' and t.extension, 'vim.filetype.add{extension=}') end }),
      opt = strict('opt.', { runtimepath = { append = function(_, p) assert(vim.fn.isdirectory(p) == 1, p) end } }),
    })
    setfenv(chunk, { vim = fake })
    chunk()
    assert(configured.ompx_lsp and enabled.ompx_lsp, fb[1] .. ': ompx_lsp not configured and enabled')
    assert(vim.tbl_contains(configured.ompx_lsp.filetypes or {}, 'mlir'), fb[1] .. ': filetypes')
  end
end)

check('mappings = false sets none; a table changes single keys', function()
  local ompx = require('ompx')
  local saved = ompx.config.mappings
  local function mapped(b, k) return vim.fn.maparg(k, 'n', false, true).buffer == 1 and vim.api.nvim_get_current_buf() == b end
  local ok, err = pcall(function()
    for _, case in ipairs({
      { false, {}, { 'K', 'gd', 'gr', '[d' } },
      { { gr = false, ['<leader>f'] = 'format' }, { 'K', 'gd', '<leader>f', ']d', '<leader>rn', '<leader>ca' }, { 'gr' } },
    }) do
      ompx.config.mappings = case[1]
      local b = vim.api.nvim_create_buf(true, true)
      vim.api.nvim_set_current_buf(b)
      ompx.on_attach(nil, b)
      for _, k in ipairs(case[2]) do assert(mapped(b, k), vim.inspect(case[1]) .. ': ' .. k .. ' not mapped') end
      for _, k in ipairs(case[3]) do assert(not mapped(b, k), vim.inspect(case[1]) .. ': ' .. k .. ' mapped') end
      assert(vim.bo[b].omnifunc == 'v:lua.vim.lsp.omnifunc')
      vim.api.nvim_buf_delete(b, { force = true })
    end
  end)
  ompx.config.mappings = saved
  assert(ok, err)
end)
check('hover on a map_entries block argument names the clause and the bound value', function()
  vim.cmd('edit ' .. flang)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = wait_client(bufnr)
  assert(client, 'no client')
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  if not (caps.hoverProvider or caps.hover) then return skip('hover', 'server lacks hover') end
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local lnum, col
  for i, l in ipairs(lines) do
    local s = l:find('hlfir.declare %arg7(', 1, true)
    if s then lnum, col = i - 1, s + #'hlfir.declare ' end
    if lnum then break end
  end
  assert(lnum, '%arg7 use not found')
  vim.wait(20000, function() return #vim.diagnostic.get(bufnr) == 0 end, 50)
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = lnum, character = col } }
  local res = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 20000)
  local text = ''
  for _, r in pairs(res or {}) do
    local c = r.result and r.result.contents
    if type(c) == 'table' and c.value then text = text .. c.value elseif type(c) == 'string' then text = text .. c end
  end
  assert(text:find('map_entries', 1, true), 'hover: ' .. text)
  assert(text:find('%25', 1, true), 'hover: ' .. text)
end)

check(':OmpxDevices lists an available host device', function()
  local client = require('ompx').get_client()
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  local cmds = (type(caps.executeCommandProvider) == 'table' and caps.executeCommandProvider.commands) or {}
  if not vim.tbl_contains(cmds, 'ompx.listDevices') then return skip(':OmpxDevices', 'server lacks ompx.listDevices') end
  local devices
  require('ompx').list_devices(function(d) devices = d end)
  assert(vim.wait(20000, function() return devices ~= nil end, 50), 'no answer')
  local host
  for _, d in ipairs(devices) do if d.id == 'host' then host = d end end
  assert(host and host.available, vim.inspect(devices))
end)

check(':OmpxLaunch host runs the fixture program and shows its output', function()
  local client = require('ompx').get_client()
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  local cmds = (type(caps.executeCommandProvider) == 'table' and caps.executeCommandProvider.commands) or {}
  if not vim.tbl_contains(cmds, 'ompx.compileAndLaunch') then return skip(':OmpxLaunch', 'server lacks ompx.compileAndLaunch') end
  vim.cmd('edit ' .. repo .. '/extension/test/fixtures/launch_saxpy.hlfir.mlir')
  assert(wait_client(vim.api.nvim_get_current_buf()), 'no client')
  require('ompx').last_result = nil
  vim.cmd('OmpxLaunch host')
  assert(vim.wait(180000, function() return require('ompx').last_result ~= nil end, 100), 'no result')
  local r = require('ompx').last_result
  local b = vim.fn.bufnr('ompx://launch')
  local text = table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n')
  assert(r.status == 'ok', vim.inspect(r) .. '\n' .. text)
  assert(text:find('ompx%-launch%-check sum=%s*5000%.0'), text)
end)

check(':OmpxLaunch host-offload with profile: code lenses on the ops, the table in the hover, :OmpxHotSpots', function()
  local ompx = require('ompx')
  -- A copy: the report is written next to the document.
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local file = dir .. '/saxpy.mlir'
  vim.fn.writefile(vim.fn.readfile(repo .. '/extension/test/fixtures/launch_saxpy.hlfir.mlir'), file)
  vim.cmd('edit ' .. file)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = wait_client(bufnr)
  assert(client, 'no client')
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  local cmds = (type(caps.executeCommandProvider) == 'table' and caps.executeCommandProvider.commands) or {}
  if not vim.tbl_contains(cmds, 'ompx.profileHotSpots') then return skip('profile lenses', 'server lacks ompx.profileHotSpots') end
  ompx.last_result = nil
  ompx.config.launch.profile = true
  local ok, err = pcall(vim.cmd, 'OmpxLaunch host-offload')
  ompx.config.launch.profile = nil
  assert(ok, err)
  assert(vim.wait(180000, function() return ompx.last_result ~= nil end, 100), 'no result')
  local r = ompx.last_result
  assert(r.status == 'ok' and r.profile, vim.inspect(r))
  assert(vim.fn.filereadable(dir .. '/saxpy.profile.json') == 1, 'no report next to the file')
  local function titles()
    local out = {}
    for _, l in ipairs(vim.lsp.codelens.get(bufnr) or {}) do
      table.insert(out, ('%d: %s'):format(l.range.start.line + 1, l.command and l.command.title or '?'))
    end
    table.sort(out)
    return out
  end
  assert(vim.wait(20000, function() return #titles() > 0 end, 50), 'no code lenses')
  local shown = table.concat(titles(), '\n')
  assert(shown:find('1 launch · [0-9.]+ [^ ]+ · 1×1 generic'), shown)
  assert(shown:find('to: 3.906 KiB in 1 copy · from: 3.906 KiB in 1 copy'), shown)
  -- The hover of the kernel's line has its launches' table.
  local kernel
  for _, l in ipairs(vim.lsp.codelens.get(bufnr)) do
    if l.command.title:find('launch') then kernel = l end
  end
  local hover = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = kernel.range.start }, 20000)
  local value = ''
  for _, res in pairs(hover or {}) do value = value .. ((res.result or {}).contents or {}).value or '' end
  assert(value:find('| launch | device | grid | mode | time |', 1, true), value)
  assert(value:find('| #1 | 0 |', 1, true), value)
  -- :OmpxHotSpots: the ops by time, in the quickfix list.
  vim.cmd('OmpxHotSpots')
  assert(vim.wait(20000, function() return #vim.fn.getqflist() > 0 end, 50), 'no quickfix items')
  local qf = vim.fn.getqflist()
  assert(vim.fn.getqflist({ title = 0 }).title:find('hot spots'), 'title')
  local listed = {}
  for _, i in ipairs(qf) do table.insert(listed, ('%d: %s'):format(i.lnum, i.text)) end
  assert(#qf == #titles(), table.concat(listed, '\n') .. '\n--\n' .. shown)
  assert(table.concat(listed, '\n'):find('omp.target __omp_offloading_[%w_]+: 1 launch'), table.concat(listed, '\n'))
  assert(vim.api.nvim_buf_get_name(qf[1].bufnr) == vim.fn.resolve(file) or vim.api.nvim_buf_get_name(qf[1].bufnr) == file)
  vim.cmd('cclose')
  -- An edit above the ops: the lenses follow them, marked stale.
  local first = tonumber(titles()[1]:match('^(%d+)'))
  vim.api.nvim_buf_set_lines(bufnr, 0, 0, false, { '// an edit' })
  ompx.refresh_lenses(bufnr)
  assert(vim.wait(20000, function() local t = titles(); return #t > 0 and t[1]:find('%(stale%)') ~= nil end, 50),
    table.concat(titles(), '\n'))
  assert(tonumber(titles()[1]:match('^(%d+)')) == first + 1, table.concat(titles(), '\n'))
  vim.cmd('bwipeout!')
end)

check('launch_argument: drivers from setup or the call, sent only when non-empty', function()
  local ompx = require('ompx')
  local bufnr = vim.api.nvim_get_current_buf()
  local saved = ompx.config.launch.drivers
  local ok, err = pcall(function()
    ompx.config.launch.drivers = nil
    local a = ompx.launch_argument(bufnr, 'host')
    assert(a.drivers == nil and a.device == 'host' and a.timeout == 120 and a.uri == vim.uri_from_bufnr(bufnr), vim.inspect(a))
    ompx.config.launch.drivers = {}
    assert(ompx.launch_argument(bufnr, 'host').drivers == nil)
    ompx.config.launch.drivers = { 'a.driver.f90', '', '/abs/lib.o' }
    assert(vim.deep_equal(ompx.launch_argument(bufnr, 'host').drivers, { 'a.driver.f90', '/abs/lib.o' }))
    -- check_maps: checkMaps only when set
    assert(ompx.launch_argument(bufnr, 'host-offload').checkMaps == nil)
    ompx.config.launch.check_maps = true
    assert(ompx.launch_argument(bufnr, 'host-offload').checkMaps == true)
    ompx.config.launch.check_maps = nil
    -- profile: profile only when set
    assert(ompx.launch_argument(bufnr, 'host-offload').profile == nil)
    ompx.config.launch.profile = true
    assert(ompx.launch_argument(bufnr, 'host-offload').profile == true)
    ompx.config.launch.profile = nil
    assert(vim.deep_equal(ompx.launch_argument(bufnr, 'host', { 'b.c' }).drivers, { 'b.c' }))
    assert(ompx.launch_argument(bufnr, 'host', {}).drivers == nil)
  end)
  ompx.config.launch.drivers = saved
  assert(ok, err)
end)

check('launch_argument: launcher and slurm options from setup, only what is set', function()
  local ompx = require('ompx')
  local bufnr = vim.api.nvim_get_current_buf()
  local saved = vim.deepcopy(ompx.config.launch)
  local ok, err = pcall(function()
    ompx.config.launch.launcher = nil
    ompx.config.launch.slurm = { partition = 'debug' }
    local a = ompx.launch_argument(bufnr, 'nvptx:0')
    assert(a.launcher == nil and a.slurm == nil, vim.inspect(a))
    ompx.config.launch.launcher = 'slurm'
    ompx.config.launch.slurm = { partition = '', args = {} }
    a = ompx.launch_argument(bufnr, 'nvptx:0')
    assert(a.launcher == 'slurm' and a.slurm == nil, vim.inspect(a))
    ompx.config.launch.slurm = { partition = ' debug ', account = 'proj', gres = 'gpu:1', gpus = 2, time = '5',
      args = { '--exclusive', '' }, stage = 'sbcast', stage_dir = 'stage', allocation = 'reuse',
      bin_dir = '/opt/site/slurm/bin' }
    a = ompx.launch_argument(bufnr, 'nvptx:0')
    assert(vim.deep_equal(a.slurm, { partition = 'debug', account = 'proj', gres = 'gpu:1', gpus = '2', time = '5',
      args = { '--exclusive' }, stage = 'sbcast', stageDir = 'stage', allocation = 'reuse',
      binDir = '/opt/site/slurm/bin' }), vim.inspect(a.slurm))
    assert(ompx.format_partition({ name = 'a100', gres = { 'gpu:a100:4' }, offloadArch = 'sm_80', availability = 'up' })
      == 'slurm: a100 — gpu:a100:4 (sm_80)')
    assert(ompx.device_for_partition({ name = 'mi', offloadArch = 'gfx90a' }) == 'amdgpu:0')
    assert(ompx.device_for_partition({ name = 'debug', offloadArch = '' }) == nil)
  end)
  ompx.config.launch = saved
  assert(ok, err)
end)

check(':OmpxDevices: the server says what Slurm says; :OmpxReleaseAllocation answers', function()
  local ompx = require('ompx')
  local client = ompx.get_client()
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  local cmds = (type(caps.executeCommandProvider) == 'table' and caps.executeCommandProvider.commands) or {}
  if not vim.tbl_contains(cmds, 'ompx.releaseSlurmAllocation') then
    return skip(':OmpxReleaseAllocation', 'server lacks ompx.releaseSlurmAllocation')
  end
  local slurm
  ompx.list_devices(function(_, s) slurm = s or false end)
  assert(vim.wait(20000, function() return slurm ~= nil end, 50), 'no answer')
  -- Shape only: whether a cluster answers depends on the machine.
  assert(type(slurm) == 'table' and type(slurm.reachable) == 'boolean' and type(slurm.partitions) == 'table', vim.inspect(slurm))
  ompx.last_release = nil
  vim.cmd('OmpxReleaseAllocation')
  assert(vim.wait(20000, function() return ompx.last_release ~= nil end, 50), 'no answer to the release')
  local r = ompx.last_release
  assert(r.err or type(r.result.released) == 'table', vim.inspect(r))
end)

local function corpus_dir()
  -- $OMPX_CORPUS, the copies in test/, or ../shared/corpus beside the repository.
  for _, c in ipairs({ os.getenv('OMPX_CORPUS') or '', repo .. '/test/corpus/data', repo .. '/../shared/corpus' }) do
    if c ~= '' and vim.fn.isdirectory(c) == 1 then return c end
  end
end

check(':OmpxLaunch host with launch.drivers runs a corpus library module with its Fortran driver', function()
  local client = require('ompx').get_client()
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  local cmds = (type(caps.executeCommandProvider) == 'table' and caps.executeCommandProvider.commands) or {}
  if not vim.tbl_contains(cmds, 'ompx.compileAndLaunch') then return skip(':OmpxLaunch drivers', 'server lacks ompx.compileAndLaunch') end
  local corpus = corpus_dir()
  local module = corpus and (corpus .. '/flang/omp/omp_target_teams_dpd.hlfir.mlir')
  if not module or vim.fn.filereadable(module) == 0 then return skip(':OmpxLaunch drivers', 'no flang corpus') end
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local inputs = repo .. '/test/launch/Inputs/corpus-drivers/'
  for src, dst in pairs({ [module] = 'omp_target_teams_dpd.hlfir.mlir',
                          [inputs .. 'omp_target_teams_dpd.driver.f90'] = 'omp_target_teams_dpd.driver.f90',
                          [inputs .. 'check.fi'] = 'check.fi' }) do
    vim.fn.writefile(vim.fn.readfile(src, 'b'), dir .. '/' .. dst, 'b')
  end
  local ompx = require('ompx')
  local saved = ompx.config.launch.drivers
  local ok, err = pcall(function()
    ompx.config.launch.drivers = { 'omp_target_teams_dpd.driver.f90' }
    vim.cmd('edit ' .. dir .. '/omp_target_teams_dpd.hlfir.mlir')
    assert(wait_client(vim.api.nvim_get_current_buf()), 'no client')
    ompx.last_result = nil
    local b = vim.fn.bufnr('ompx://launch')
    local before = b ~= -1 and vim.api.nvim_buf_line_count(b) or 0
    vim.cmd('OmpxLaunch host')
    assert(vim.wait(180000, function() return ompx.last_result ~= nil end, 100), 'no result')
    b = vim.fn.bufnr('ompx://launch')
    local text = table.concat(vim.api.nvim_buf_get_lines(b, math.max(before - 1, 0), -1, false), '\n')
    assert(ompx.last_result.status == 'ok', vim.inspect(ompx.last_result) .. '\n' .. text)
    assert(text:find('with omp_target_teams_dpd.driver.f90', 1, true), text)
    assert(text:find('saxpy_offload: ok', 1, true), text)
  end)
  ompx.config.launch.drivers = saved
  vim.fn.delete(dir, 'rf')
  assert(ok, err)
end)


check(':OmpxEmit shows the MLIR of a Fortran file; :OmpxFortran and :OmpxMLIR jump between them', function()
  local client = require('ompx').get_client()
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  local cmds = (type(caps.executeCommandProvider) == 'table' and caps.executeCommandProvider.commands) or {}
  if not vim.tbl_contains(cmds, 'ompx.fortranLocation') then return skip(':OmpxEmit', 'server lacks ompx.fortranLocation') end
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local f90 = dir .. '/saxpy.f90'
  vim.fn.writefile(vim.fn.readfile(repo .. '/test/emit/Inputs/saxpy.f90', 'b'), f90, 'b')
  vim.cmd('only')
  vim.cmd('edit ' .. f90)
  local fwin = vim.api.nvim_get_current_win()
  vim.cmd('OmpxEmit')
  local mlir = dir .. '/saxpy.hlfir.mlir'
  local mwin
  assert(vim.wait(60000, function()
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(w)) == mlir then mwin = w end
    end
    return mwin ~= nil
  end, 50), 'no window shows ' .. mlir)
  local mbuf = vim.api.nvim_win_get_buf(mwin)
  assert(vim.bo[mbuf].filetype == 'mlir', vim.bo[mbuf].filetype)
  assert(wait_client(mbuf), 'no client on the MLIR buffer')
  -- :OmpxMLIR on the `!$omp target` line (5): the cursor lands on omp.target.
  vim.api.nvim_set_current_win(fwin)
  vim.api.nvim_win_set_cursor(fwin, { 5, 2 })
  local done = false
  require('ompx.fortran').goto_mlir(function() done = true end)
  assert(vim.wait(30000, function() return done end, 50), ':OmpxMLIR gave no answer')
  assert(vim.api.nvim_get_current_win() == mwin, 'not in the MLIR window')
  local line = vim.api.nvim_get_current_line()
  assert(#vim.fn.getqflist() > 0, 'empty quickfix list')
  -- :OmpxFortran from the op under the cursor: back to line 5 of the Fortran.
  local r
  done = false
  require('ompx.fortran').goto_fortran(function(res) r = res; done = true end)
  assert(vim.wait(30000, function() return done end, 50), ':OmpxFortran gave no answer')
  assert(r and r ~= vim.NIL and r.range.start.line == 4, vim.inspect(r) .. ' from ' .. line)
  assert(vim.api.nvim_buf_get_name(0) == f90 and vim.api.nvim_win_get_cursor(0)[1] == 5,
    vim.api.nvim_buf_get_name(0) .. ':' .. vim.api.nvim_win_get_cursor(0)[1])
  vim.cmd('only')
  vim.fn.delete(dir, 'rf')
end)

check('a Fortran file is checked: the finding at its directive, a hover on a clause variable', function()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local f90 = dir .. '/map-bug.f90'
  vim.fn.writefile(vim.fn.readfile(repo .. '/test/check/Inputs/map-bug.f90', 'b'), f90, 'b')
  vim.cmd('only')
  vim.cmd('edit ' .. f90)
  local bufnr = vim.api.nvim_get_current_buf()
  -- `-u NONE` runs no filetype detection; Neovim's own names .f90 `fortran`.
  if vim.bo[bufnr].filetype == '' then vim.bo[bufnr].filetype = 'fortran' end
  assert(wait_client(bufnr), 'no ompx client on the Fortran buffer')
  local diags
  assert(vim.wait(90000, function() diags = vim.diagnostic.get(bufnr); return #diags >= 1 end, 100),
    'no diagnostics on ' .. f90)
  assert(#diags == 1 and diags[1].lnum == 6 and diags[1].message:find('map-write-not-from', 1, true),
    vim.inspect(diags))
  -- `c` of `map(to: c)` on line 7: its omp.map.info's hover.
  local line = vim.api.nvim_buf_get_lines(bufnr, 6, 7, false)[1]
  local col = line:find('to: c', 1, true) + 3
  local result = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 6, character = col } }, 30000)
  local text
  for _, r in pairs(result or {}) do
    if r.result and r.result.contents then text = r.result.contents.value end
  end
  assert(text and text:find('omp.map.info', 1, true), vim.inspect(result))
  -- Completion and keys stay the Fortran user's.
  assert(vim.bo[bufnr].omnifunc ~= 'v:lua.vim.lsp.omnifunc', 'omnifunc set on a Fortran buffer')
  vim.cmd('bwipeout!')
  vim.fn.delete(dir, 'rf')
end)

-- The pass explorer: :OmpxPipeline's picker (vim.ui.select, stubbed to pick),
-- a snapshot as a read-only scratch buffer the server analyzes, the diff
-- with the previous pass, and :OmpxOpHistory from omp.target to its kernel.
local function with_select(pick, fn)
  local saved = vim.ui.select
  local shown
  vim.ui.select = function(items, opts, on_choice)
    shown = { items = items, opts = opts }
    for _, it in ipairs(items) do
      if pick(it, opts.format_item(it)) then on_choice(it); return end
    end
    on_choice(nil)
  end
  local ok, err = pcall(fn, function() return shown end)
  vim.ui.select = saved
  assert(ok, err)
end

local function has_command(name)
  local client = require('ompx').get_client()
  local caps = client and (client.server_capabilities or client.resolved_capabilities) or {}
  local cmds = (type(caps.executeCommandProvider) == 'table' and caps.executeCommandProvider.commands) or {}
  return vim.tbl_contains(cmds, name)
end

local function buffer_named(pattern)
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b):match(pattern) then return b end
  end
end

check(':OmpxPipeline lists the passes, opens a snapshot, diffs it, follows omp.target', function()
  local P = require('ompx.pipeline')
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local file = dir .. '/saxpy.hlfir.mlir'
  vim.fn.writefile(vim.fn.readfile(repo .. '/examples/launch/saxpy.hlfir.mlir', 'b'), file, 'b')
  vim.cmd('only')
  vim.cmd('edit ' .. file)
  local src = vim.api.nvim_get_current_buf()
  assert(wait_client(src), 'no client on ' .. file)
  if not has_command('ompx.pipeline') then return skip(':OmpxPipeline', 'server lacks ompx.pipeline') end
  local result, lines
  with_select(function(_, line) return line:match('^%d+ convert%-hlfir%-to%-fir  host · fir') end, function(shown)
    P.pipeline('host', function(r) result = r end)
    assert(vim.wait(120000, function() return result ~= nil and buffer_named('convert%-hlfir%-to%-fir') end, 50),
      'no pipeline result or snapshot buffer')
    lines = {}
    for _, it in ipairs(shown().items) do table.insert(lines, shown().opts.format_item(it)) end
  end)
  local text = table.concat(lines, '\n')
  assert(text:match('^000 parse  input · hlfir · ') and text:find('\n%d+ fir%-to%-llvm%-ir  host · llvm%-dialect')
    and text:find('\n%d+ translate%-to%-llvm%-ir  host · llvm%-ir'), text)
  local snap = vim.api.nvim_get_current_buf()
  local name = vim.api.nvim_buf_get_name(snap)
  assert(name:match('^ompx%-pipeline:///%d+/%d+%-host%-convert%-hlfir%-to%-fir%.mlir$'), name)
  assert(not vim.bo[snap].modifiable and vim.bo[snap].filetype == 'mlir', 'snapshot buffer is modifiable or not mlir')
  local body = table.concat(vim.api.nvim_buf_get_lines(snap, 0, -1, false), '\n')
  assert(body:find('fir.declare', 1, true) and not body:find('hlfir.declare', 1, true), 'not the FIR snapshot')
  -- Attached and analyzed from its text: a hover on its omp.target.
  assert(wait_client(snap), 'no client on the snapshot buffer')
  local at = vim.fn.search('omp.target host_eval', 'n') - 1
  local col = vim.api.nvim_buf_get_lines(snap, at, at + 1, false)[1]:find('omp.target', 1, true)
  local hover = vim.lsp.buf_request_sync(snap, 'textDocument/hover', {
    textDocument = { uri = name }, position = { line = at, character = col } }, 30000)
  local htext = ''
  for _, r in pairs(hover or {}) do if r.result then htext = r.result.contents.value end end
  assert(htext:find('**omp.target**', 1, true), vim.inspect(hover))
  -- :OmpxPipelineDiff: the previous pass beside it, both in diff mode.
  local left, right
  P.diff_previous(function(l, r) left, right = l, r end)
  assert(vim.wait(30000, function() return left ~= nil end, 50), ':OmpxPipelineDiff gave no answer')
  assert(vim.api.nvim_buf_get_name(left):match('%-host%-bufferize%-hlfir%.mlir$'), vim.api.nvim_buf_get_name(left))
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    local b = vim.api.nvim_win_get_buf(w)
    if b == left or b == right then assert(vim.wo[w].diff, 'window of ' .. vim.api.nvim_buf_get_name(b) .. ' not in diff') end
  end
  vim.cmd('diffoff!')
  -- :OmpxOpHistory on the source's omp.target: the kernel it became in LLVM IR.
  vim.cmd('only')
  vim.api.nvim_set_current_buf(src)
  vim.api.nvim_win_set_cursor(0, { vim.fn.search('omp.target host_eval', 'n'), 4 })
  local steps
  with_select(function(s) return s.stage == 'llvm-ir' end, function()
    P.op_history(function(_, st) steps = st end)
    assert(vim.wait(30000, function() return steps ~= nil and buffer_named('%.ll$') ~= nil end, 50), 'no op history')
  end)
  assert(steps[1].pass == 'parse', vim.inspect(steps[1]))
  local ir = vim.api.nvim_get_current_line()
  assert(vim.api.nvim_buf_get_name(0):match('%-host%-translate%-to%-llvm%-ir%.ll$') and ir:match('@__omp_offloading_.*__QQmain_l337%('),
    vim.api.nvim_buf_get_name(0) .. ': ' .. ir)
  -- And back from the kernel's line to the omp.target in the source.
  local back
  with_select(function(s) return s.source ~= nil end, function()
    P.op_history(function(f) back = f end)
    assert(vim.wait(30000, function() return back ~= nil and vim.api.nvim_get_current_buf() == src end, 50),
      'not back in the source: ' .. vim.api.nvim_buf_get_name(0))
  end)
  assert(back.target == 'saxpy.hlfir.mlir:337' and vim.api.nvim_win_get_cursor(0)[1] == 337,
    back.target .. ' -> line ' .. vim.api.nvim_win_get_cursor(0)[1])
  vim.cmd('only')
  vim.fn.delete(dir, 'rf')
end)

check('"Reduce to a minimal reproducer" runs ompx.reduce and opens STEM.reduced.mlir', function()
  local dir = vim.fn.resolve(vim.fn.tempname())
  vim.fn.mkdir(dir, 'p')
  local file = dir .. '/verifier-error.mlir'
  vim.fn.writefile(vim.fn.readfile(repo .. '/test/pipeline/Inputs/verifier-error.mlir', 'b'), file, 'b')
  vim.cmd('only')
  vim.cmd('edit ' .. file)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = wait_client(bufnr)
  assert(client, 'no client')
  if not has_command('ompx.reduce') then return skip('reduce', 'server lacks ompx.reduce') end
  -- The reproducer is written inside a workspace folder only: this one.
  client.notify('workspace/didChangeWorkspaceFolders',
    { event = { added = { { uri = vim.uri_from_fname(dir), name = 'reduce' } }, removed = {} } })
  local diags
  assert(vim.wait(30000, function() diags = vim.diagnostic.get(bufnr); return #diags > 0 end, 50), 'no diagnostics')
  local lsp_diag = diags[1].user_data and diags[1].user_data.lsp
  assert(lsp_diag and lsp_diag.code == 'verify', vim.inspect(diags))
  -- As vim.lsp.buf.code_action() sends it (0.7 keeps no range in user_data).
  lsp_diag = vim.tbl_extend('force', lsp_diag, { message = diags[1].message, range = {
    start = { line = diags[1].lnum, character = diags[1].col },
    ['end'] = { line = diags[1].end_lnum, character = diags[1].end_col } } })
  local res = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, range = lsp_diag.range, context = { diagnostics = { lsp_diag } } }, 30000)
  local action
  for _, r in pairs(res or {}) do
    for _, a in ipairs(r.result or {}) do if a.command and a.command.command == 'ompx.reduce' then action = a end end
  end
  assert(action and action.title == 'Reduce to a minimal reproducer (verifier-error.reduced.mlir)', vim.inspect(res))
  local done, result, err
  require('ompx.pipeline').reduce(action.command, { client_id = client.id, bufnr = bufnr },
    function(r, e) result, err, done = r, e, true end)
  assert(vim.wait(120000, function() return done end, 50), 'ompx.reduce gave no answer')
  assert(result and result.from == 23 and result.to == 13, vim.inspect(err or result))
  assert(vim.api.nvim_buf_get_name(0) == dir .. '/verifier-error.reduced.mlir', vim.api.nvim_buf_get_name(0))
  assert(vim.api.nvim_buf_get_lines(0, 0, 1, false)[1] == '// RUN: not mlir-opt-22 %s 2>&1 | FileCheck %s')
  vim.cmd('only')
  vim.fn.delete(dir, 'rf')
end)

finish()
