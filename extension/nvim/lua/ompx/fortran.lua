-- ompx.fortran: the Fortran -> MLIR view for Neovim (0.7+).
--   :OmpxEmit [hlfir|fir|llvm] [device]  in a Fortran buffer: runs `ompx-lsp emit`
--       (flang-22, locations kept) without blocking, writes STEM.hlfir.mlir next
--       to the file and shows it in a vertical split; re-run on every :write.
--   :OmpxFortran   in an MLIR buffer: jump to the Fortran line of the op under
--       the cursor (ompx.fortranLocation).
--   :OmpxMLIR      in a Fortran buffer: the ops of the emitted MLIR that came
--       from the cursor's line, in the quickfix list, the first one shown
--       (ompx.mlirLocations).
local F = {}
local ompx -- the ompx module (init.lua), for its config and clients
local emitted = {} -- Fortran path -> MLIR path

local util = require('ompx.util')
local notify, request = util.notify, util.request

--- STEM.hlfir.mlir next to `path` (STEM: the name up to its first dot), as the server names it.
function F.mlir_path(path, kind, device)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local stem = vim.fn.fnamemodify(path, ':t'):match('^[^.]*')
  return ('%s/%s%s.%s.mlir'):format(dir, stem, (device and device ~= '') and '.device' or '', kind or 'hlfir')
end

local function server_program()
  local cfg = ompx.config or {}
  if cfg.cmd then return cfg.cmd[1] end
  return ompx.find_server(cfg.server_path, vim.api.nvim_buf_get_name(0))
end

local function show(path)
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(w)) == path then
      vim.api.nvim_win_call(w, function() vim.cmd('checktime') end)
      return w
    end
  end
  local cur = vim.api.nvim_get_current_win()
  vim.cmd('rightbelow vsplit ' .. vim.fn.fnameescape(path))
  local w = vim.api.nvim_get_current_win()
  vim.api.nvim_set_current_win(cur)
  return w
end

--- Runs `ompx-lsp emit` on `path`; on_done(mlir_path or nil, message) runs on the main loop.
function F.emit(path, opts, on_done)
  opts = opts or {}
  local cfg = (ompx.config or {}).fortran or {}
  local kind = opts.kind or cfg.kind or 'hlfir'
  local device = opts.device or cfg.device
  local program, err = server_program()
  if not program then notify(err, vim.log.levels.ERROR); return end
  local out = F.mlir_path(path, kind, device)
  local cmd = { program, 'emit', path, '--' .. kind, '-o', out }
  if device and device ~= '' then table.insert(cmd, '--device=' .. device) end
  local stderr = {}
  local job = vim.fn.jobstart(cmd, {
    stderr_buffered = true,
    on_stderr = function(_, data) stderr = data or {} end,
    on_exit = function(_, code)
      vim.schedule(function()
        local msg = vim.trim(table.concat(stderr, '\n'))
        if code ~= 0 then
          notify('emit failed:\n' .. msg, vim.log.levels.ERROR)
          if on_done then on_done(nil, msg) end
          return
        end
        emitted[vim.fn.fnamemodify(path, ':p')] = out
        if on_done then on_done(out, msg) end
      end)
    end,
  })
  if job <= 0 then notify('cannot run ' .. program, vim.log.levels.ERROR) end
  return job
end

--- :OmpxEmit [kind] [device]
function F.emit_command(kind, device)
  local buf = vim.api.nvim_get_current_buf()
  local path = vim.api.nvim_buf_get_name(buf)
  if path == '' then notify('save the Fortran file first', vim.log.levels.WARN); return end
  -- noautocmd: a refresh hook from an earlier :OmpxEmit would emit a second time.
  if vim.bo[buf].modified then vim.cmd('noautocmd write') end
  F.emit(path, { kind = kind ~= '' and kind or nil, device = device }, function(out)
    if out then show(out) end
  end)
  -- Refresh on save: the MLIR buffer is reloaded from disk (checktime).
  vim.cmd(([[
    augroup ompx_emit_%d
      autocmd!
      autocmd BufWritePost <buffer=%d> lua require('ompx.fortran')._refresh(%d)
    augroup END
  ]]):format(buf, buf, buf))
  F._opts = F._opts or {}
  F._opts[buf] = { kind = kind ~= '' and kind or nil, device = device }
end

function F._refresh(buf)
  local path = vim.api.nvim_buf_get_name(buf)
  F.emit(path, (F._opts or {})[buf], function(out) if out then show(out) end end)
end

local function client_for(bufnr)
  local c = ompx.get_client(bufnr)
  if not c then notify('no ompx-lsp client is attached to the MLIR buffer', vim.log.levels.ERROR) end
  return c
end

local function jump(path, line, col)
  local w
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(win)) == path then w = win end
  end
  if w then vim.api.nvim_set_current_win(w) else vim.cmd('leftabove vsplit ' .. vim.fn.fnameescape(path)) end
  vim.api.nvim_win_set_cursor(0, { line + 1, col })
end

--- :OmpxFortran
function F.goto_fortran(cb)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = client_for(bufnr)
  if not client then return end
  local pos = vim.api.nvim_win_get_cursor(0)
  local arg = { uri = vim.uri_from_bufnr(bufnr), position = { line = pos[1] - 1, character = pos[2] } }
  request(client, 'workspace/executeCommand', { command = 'ompx.fortranLocation', arguments = { arg } },
    function(err, result)
      vim.schedule(function()
        if err then notify('ompx.fortranLocation: ' .. (err.message or ''), vim.log.levels.ERROR)
        elseif result == nil or result == vim.NIL then notify('this op has no Fortran location')
        else jump(vim.uri_to_fname(result.uri), result.range.start.line, result.range.start.character) end
        if cb then cb(result, err) end
      end)
    end, bufnr)
end

--- :OmpxMLIR
function F.goto_mlir(cb)
  local fbuf = vim.api.nvim_get_current_buf()
  local fpath = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(fbuf), ':p')
  local line = vim.api.nvim_win_get_cursor(0)[1] - 1
  local mpath = emitted[fpath] or F.mlir_path(fpath)
  if vim.fn.filereadable(mpath) == 0 then
    notify(mpath .. ' does not exist yet: run :OmpxEmit', vim.log.levels.WARN); return
  end
  local win = show(mpath)
  local mbuf = vim.api.nvim_win_get_buf(win)
  local client
  vim.wait(20000, function() client = ompx.get_client(mbuf); return client ~= nil end, 50)
  if not client then notify('no ompx-lsp client attached to ' .. mpath, vim.log.levels.ERROR); return end
  local arg = { uri = vim.uri_from_bufnr(mbuf), fortranUri = vim.uri_from_fname(fpath), line = line }
  request(client, 'workspace/executeCommand', { command = 'ompx.mlirLocations', arguments = { arg } },
    function(err, result)
      vim.schedule(function()
        if err then notify('ompx.mlirLocations: ' .. (err.message or ''), vim.log.levels.ERROR)
        elseif not result or #result == 0 then notify(('no op of %s comes from line %d'):format(mpath, line + 1))
        else
          local items = vim.lsp.util.locations_to_items(result, client.offset_encoding or 'utf-16')
          vim.fn.setqflist({}, ' ', { title = ('ops from %s:%d'):format(vim.fn.fnamemodify(fpath, ':t'), line + 1), items = items })
          vim.api.nvim_set_current_win(win)
          vim.api.nvim_win_set_cursor(win, { result[1].range.start.line + 1, result[1].range.start.character })
        end
        if cb then cb(result, err) end
      end)
    end, mbuf)
end

function F.setup(m)
  ompx = m
  vim.cmd([[
    command! -nargs=* OmpxEmit lua require('ompx.fortran').emit_command(<f-args>)
    command! OmpxFortran lua require('ompx.fortran').goto_fortran()
    command! OmpxMLIR lua require('ompx.fortran').goto_mlir()
  ]])
end

return F
