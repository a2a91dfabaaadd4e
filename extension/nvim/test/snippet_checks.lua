-- Run by headless.lua inside a child `nvim -u <documented snippet>` that opened
-- a flang file: checks what a user of that snippet gets. Prints one line per
-- check ("ok - ..." / "not ok - ...") and exits 0 when all passed.
-- OMPX_SNIPPET_KIND: "module" (the ompx plugin setup) or "minimal" (no plugin).
local kind = os.getenv('OMPX_SNIPPET_KIND') or 'module'
local failed = 0
local function out(s) io.stdout:write(s .. '\n') end
local function check(name, fn)
  local ok, err = pcall(fn)
  if ok then out('ok - ' .. name) else failed = failed + 1; out('not ok - ' .. name .. ': ' .. tostring(err)) end
end
local bufnr = vim.api.nvim_get_current_buf()

local function clients()
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
  return vim.lsp.buf_get_clients(bufnr)
end
local function attached()
  for _, c in pairs(clients()) do
    if c.name == 'ompx_lsp' and c.initialized ~= false then return c end
  end
end

check('filetype mlir', function() assert(vim.bo.filetype == 'mlir', 'filetype is ' .. vim.bo.filetype) end)
check('buffer attached to ompx_lsp', function()
  assert(vim.wait(20000, function() return attached() ~= nil end, 50), 'no ompx_lsp client attached to the buffer')
end)

-- Position of the %arg7 use on the hlfir.declare line (a map_entries block argument).
local function arg_position()
  for i, l in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local s = l:find('hlfir.declare %arg7(', 1, true)
    if s then return i - 1, s + #'hlfir.declare ' end
  end
end

check('hover returns text', function()
  local lnum, col = arg_position()
  assert(lnum, '%arg7 use not found')
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = lnum, character = col } }
  local text = ''
  vim.wait(20000, function()
    local res = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 5000)
    for _, r in pairs(res or {}) do
      local c = r.result and r.result.contents
      if type(c) == 'table' and c.value then text = c.value elseif type(c) == 'string' then text = c end
    end
    return text:find('map_entries', 1, true) ~= nil
  end, 200)
  assert(text:find('map_entries', 1, true), 'hover: ' .. text)
end)

if kind == 'module' then
  check('syntax highlighting', function()
    assert(vim.b.current_syntax == 'mlir', 'b:current_syntax is ' .. tostring(vim.b.current_syntax))
    local lnum, col = arg_position()
    local name = vim.fn.synIDattr(vim.fn.synID(lnum + 1, col + 1, 1), 'name')
    assert(name == 'mlirBlockArg', 'syntax group at %arg7: ' .. name)
    -- The grammar's categories on a flang map line.
    for i, l in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
      if l:find('omp.map.info', 1, true) and l:find('tofrom', 1, true) then
        local function group(needle, off)
          local c = l:find(needle, 1, true)
          return vim.fn.synIDattr(vim.fn.synID(i, c + (off or 0), 1), 'name')
        end
        local want = { { 'omp.map.info', 'mlirOpOmpAcc' }, { 'map_clauses', 'mlirClause' }, { 'tofrom', 'mlirMapType' },
          { 'ByRef', 'mlirMapType' }, { '!fir.ref', 'mlirDialectType' }, { '"y"', 'mlirString' } }
        for _, w in ipairs(want) do
          assert(group(w[1]) == w[2], w[1] .. ' is ' .. group(w[1]) .. ', not ' .. w[2])
        end
        assert(group('%', 0) == 'mlirSSA', 'result value is ' .. group('%', 0))
        return
      end
    end
    error('no omp.map.info ... tofrom line')
  end)
  check('K runs hover (buffer-local)', function()
    local m = vim.fn.maparg('K', 'n', false, true)
    assert(m.buffer == 1, 'K is not buffer-local: ' .. vim.inspect(m))
    local saved, called = vim.lsp.buf.hover, false
    vim.lsp.buf.hover = function() called = true end
    local lnum, col = arg_position()
    vim.api.nvim_win_set_cursor(0, { lnum + 1, col })
    local ok, err = pcall(vim.api.nvim_feedkeys, 'K', 'x', false)
    vim.lsp.buf.hover = saved
    assert(ok, err)
    assert(called, 'K did not call vim.lsp.buf.hover')
  end)
  check('gd, gr, <leader>rn, <leader>ca, [d, ]d mapped', function()
    for _, k in ipairs({ 'gd', 'gr', '<leader>rn', '<leader>ca', '[d', ']d' }) do
      assert(vim.fn.maparg(k, 'n', false, true).buffer == 1, k .. ' is not mapped in the buffer')
    end
  end)
  check('omnifunc and tagfunc', function()
    assert(vim.bo.omnifunc == 'v:lua.vim.lsp.omnifunc', 'omnifunc is ' .. vim.bo.omnifunc)
    assert(vim.bo.tagfunc == 'v:lua.vim.lsp.tagfunc', 'tagfunc is ' .. vim.bo.tagfunc)
  end)
end

vim.cmd(failed == 0 and 'qall!' or 'cquit 1')
