-- ompx.pipeline: the pass explorer and the reducer for Neovim (0.7+).
--   :OmpxPipeline [device]  in an MLIR or Fortran buffer: the saved file through
--       the launch's build (ompx.pipeline, in a child of the server), the passes
--       in a picker (vim.ui.select); the one picked opens as a read-only
--       scratch buffer named ompx-pipeline:/RUN/NAME (MLIR ones attached to
--       ompx-lsp: highlighting, hover).
--   :OmpxPipelineDiff       in a snapshot buffer: the previous pass beside it,
--       both in diff mode.
--   :OmpxOpHistory          on an op of the source or of a snapshot (a kernel in
--       LLVM IR too): its source line and the passes that changed it with what
--       it became, in a picker; the one picked opens at the op.
--   :OmpxPipelineCancel     stops the pipeline or reduction running.
--   The server's "Reduce to a minimal reproducer" code action (ompx.reduce)
--   runs through vim.lsp.commands: progress in the message area, the
--   reproducer (STEM.reduced.mlir) opened in a split when done.
local P = {}
local ompx -- the ompx module (init.lua)
local runs = {} -- run id -> ompx.pipeline result
local last_run = {} -- source uri -> run id
local running -- { client, id } of the request in flight
local token_counter = 0

local util = require('ompx.util')
local notify, request = util.notify, util.request

local function execute(client, command, arg, cb, bufnr, progress)
  local params = { command = command, arguments = { arg } }
  if progress then
    token_counter = token_counter + 1
    params.workDoneToken = ('ompx-pipeline-%d-%d'):format(vim.fn.getpid(), token_counter)
  end
  local ok, id = request(client, 'workspace/executeCommand', params, function(err, result)
    if progress then running = nil end
    vim.schedule(function() cb(err, result) end)
  end, bufnr)
  if progress and ok then running = { client = client, id = id } end
end

--- `005-host-convert-hlfir-to-fir.mlir` -> run and name of an ompx-pipeline: URI.
function P.parse_uri(uri)
  local run, name = (uri or ''):match('^ompx%-pipeline:/*([^/]+)/(.+)$')
  if run then return run, name end
end

local function passes_of(r)
  local out = {}
  for _, v in ipairs(r.views or {}) do
    for _, p in ipairs(v.passes) do table.insert(out, p) end
  end
  table.sort(out, function(a, b) return a.number < b.number end)
  return out
end

--- A picker line: `005 convert-hlfir-to-fir  host · fir · _QQmain  omp.target 1, ...`.
function P.format_pass(p)
  local what = p.failed and 'FAILED' or (not p.changed and 'unchanged')
    or (#p.changedFunctions == 1 and p.changedFunctions[1])
    or (#p.changedFunctions > 1 and (#p.changedFunctions .. ' functions changed')) or 'module'
  local counts = {}
  for _, k in ipairs({ 'omp.target', 'omp.map.info', 'func.func', 'llvm.func', 'functions', 'kernels' }) do
    if p.opCounts[k] then table.insert(counts, k .. ' ' .. p.opCounts[k]) end
  end
  return ('%03d %s  %s · %s · %s  %s'):format(p.number, p.pass, p.view, p.stage, what, table.concat(counts, ', '))
end

local function client_for(bufnr)
  local c = ompx.get_client(bufnr) or ompx.get_client()
  if not c then notify('no ompx-lsp client is running', vim.log.levels.ERROR) end
  return c
end

--- The scratch buffer of a snapshot (made once per run and name).
local function snapshot_buffer(snap)
  -- `scheme://`: Vim takes the name as a URL, not a path under the cwd (and
  -- the server reads the run and the name from it either way).
  local name = snap.uri:gsub('^ompx%-pipeline:/*', 'ompx-pipeline:///')
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b) == name and vim.api.nvim_buf_is_loaded(b) then return b end
  end
  local b = vim.api.nvim_create_buf(true, true)
  vim.api.nvim_buf_set_name(b, name)
  vim.api.nvim_buf_set_lines(b, 0, -1, false, vim.split(snap.text, '\n', true))
  vim.bo[b].bufhidden = 'hide'
  vim.bo[b].modifiable = false
  vim.bo[b].readonly = true
  -- MLIR: the ompx client attaches (FileType) and analyzes the text it is sent.
  vim.bo[b].filetype = snap.languageId
  return b
end

--- Opens snapshot `name` of `run` (in a split from a source buffer);
--- cb(bufnr) when shown.
function P.open_snapshot(run, name, line, cb)
  local client = client_for(0)
  if not client then return end
  execute(client, 'ompx.pipelineSnapshot', { run = run, snapshot = tostring(name) }, function(err, snap)
    if err then notify('ompx.pipelineSnapshot: ' .. (err.message or ''), vim.log.levels.ERROR); return end
    local b = snapshot_buffer(snap)
    if not P.parse_uri(vim.api.nvim_buf_get_name(0)) then vim.cmd('rightbelow vsplit') end
    vim.api.nvim_win_set_buf(0, b)
    if line and line >= 0 then vim.api.nvim_win_set_cursor(0, { line + 1, 0 }) end
    if cb then cb(b) end
  end)
end

--- :OmpxPipeline [device]; cb(result, err) after the picker opened.
function P.pipeline(device, cb, pick)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = client_for(bufnr)
  if not client then return end
  if vim.bo[bufnr].modified then vim.cmd('noautocmd write') end
  local uri = vim.uri_from_bufnr(bufnr)
  local arg = { uri = uri }
  device = device or ((ompx.config.launch or {}).device)
  if device and device ~= '' then arg.device = device end
  execute(client, 'ompx.pipeline', arg, function(err, r)
    if err then
      notify('ompx.pipeline: ' .. (err.message or ''), vim.log.levels.ERROR)
      if cb then cb(nil, err) end
      return
    end
    runs[r.run] = r
    last_run[uri] = r.run
    if r.failure then
      notify(('%s in %s %s (after %03d): %s'):format(r.failure.crashed and 'crashed' or 'failed', r.failure.view,
        r.failure.pass, r.failure.afterSnapshot, vim.split(r.failure.message, '\n')[1]), vim.log.levels.WARN)
    end
    if pick ~= false then
      vim.ui.select(passes_of(r), {
        prompt = ('ompx: %d snapshots (%s)'):format(r.snapshots, r.status), format_item = P.format_pass,
      }, function(p) if p then P.open_snapshot(r.run, p.name) end end)
    end
    if cb then cb(r) end
  end, bufnr, true)
end

--- :OmpxPipelineDiff in a snapshot buffer; cb(left, right) buffers.
function P.diff_previous(cb)
  local run, name = P.parse_uri(vim.api.nvim_buf_get_name(0))
  local r = run and runs[run]
  if not r then notify('not a snapshot of :OmpxPipeline', vim.log.levels.WARN); return end
  local this
  for _, p in ipairs(passes_of(r)) do if p.name == name then this = p end end
  if not this or this.previous == nil then notify(name .. ' is the first snapshot of its run'); return end
  local right = vim.api.nvim_get_current_buf()
  vim.cmd('diffthis')
  vim.cmd('leftabove vsplit')
  P.open_snapshot(run, this.previous, nil, function(left)
    vim.cmd('diffthis')
    if cb then cb(left, right) end
  end)
end

--- The line (0-based) of `text` where the followed op is: its location in
--- MLIR, the symbol it became (`kernel @k_l12`) in LLVM IR; -1 if none.
function P.line_of_step(text, target, step)
  local file, line, col = target:match('^([^:]+):(%d+):?(%d*)$')
  local needles = {}
  if file then
    table.insert(needles, ('%s":%s:%s'):format(file, line, col))
    table.insert(needles, ('%s":%s:'):format(file, line))
  end
  for _, f in ipairs(step.found or {}) do
    local sym = f:match('@[%w_.$]+')
    if sym then table.insert(needles, sym .. '('); table.insert(needles, sym) end
  end
  local lines = vim.split(text, '\n', true)
  for _, n in ipairs(needles) do
    for i, l in ipairs(lines) do
      if l:find(n, 1, true) then return i - 1 end
    end
  end
  return -1
end

--- :OmpxOpHistory; cb(follow result, changed steps) before the picker.
function P.op_history(cb)
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)
  local run = P.parse_uri(uri) or last_run[uri]
  local pos = vim.api.nvim_win_get_cursor(0)
  local function ask(run_id)
    local client = client_for(bufnr)
    if not client then return end
    local arg = { run = run_id, uri = uri, position = { line = pos[1] - 1, character = pos[2] } }
    execute(client, 'ompx.pipelineFollow', arg, function(err, f)
      if err then notify('ompx.pipelineFollow: ' .. (err.message or ''), vim.log.levels.ERROR); return end
      local steps = {}
      for _, s in ipairs(f.steps) do if s.changed then table.insert(steps, s) end end
      if cb then cb(f, steps) end
      if #steps == 0 then notify('no snapshot has an op located at ' .. f.target); return end
      -- Its line in the source first, when known (from a kernel: its omp.target).
      local choices = vim.list_extend(f.source and { { source = f.source } } or {}, steps)
      vim.ui.select(choices, {
        prompt = 'ompx: what became of ' .. f.target,
        format_item = function(s)
          if s.source then return f.target .. '  source' end
          return ('%03d %s  %s · %s  %s'):format(s.number, s.pass, s.view, s.stage,
            #s.found > 0 and table.concat(s.found, '; ') or '(gone)')
        end,
      }, function(s)
        if not s then return end
        if s.source then
          vim.cmd('edit ' .. vim.fn.fnameescape(vim.uri_to_fname(s.source.uri)))
          local at = s.source.range.start
          vim.api.nvim_win_set_cursor(0, { at.line + 1, at.character })
          return
        end
        execute(client, 'ompx.pipelineSnapshot', { run = run_id, snapshot = s.name }, function(e2, snap)
          if not e2 then P.open_snapshot(run_id, s.name, P.line_of_step(snap.text, f.target, s)) end
        end)
      end)
    end, bufnr)
  end
  if run and runs[run] then ask(run) return end
  P.pipeline(nil, function(r) if r then ask(r.run) end end, false)
end

--- ompx.reduce (the code action's command): progress in the message area,
--- the reproducer opened when done; cb(result, err).
function P.reduce(command, ctx, cb)
  local client = vim.lsp.get_client_by_id(ctx.client_id) or client_for(ctx.bufnr)
  if not client then return end
  local arg = command.arguments[1]
  vim.api.nvim_echo({ { 'ompx: reducing ' .. vim.fn.fnamemodify(vim.uri_to_fname(arg.uri), ':t'), 'MoreMsg' } }, false, {})
  execute(client, 'ompx.reduce', arg, function(err, r)
    if err then
      notify('ompx.reduce: ' .. (err.message or ''), vim.log.levels.ERROR)
    else
      notify(('reduced from %d to %d lines: %s'):format(r.from, r.to, r.path))
      vim.cmd('rightbelow vsplit ' .. vim.fn.fnameescape(r.path))
    end
    if cb then cb(r, err) end
  end, ctx.bufnr, true)
end

--- :OmpxPipelineCancel
function P.cancel()
  if not running then notify('nothing to cancel'); return end
  local c = running.client
  util.call(c, 'cancel_request', running.id)
end

function P.setup(m)
  ompx = m
  vim.lsp.commands['ompx.reduce'] = function(command, ctx) P.reduce(command, ctx) end
  vim.cmd([[
    command! -nargs=? OmpxPipeline lua require('ompx.pipeline').pipeline(<f-args>)
    command! OmpxPipelineDiff lua require('ompx.pipeline').diff_previous()
    command! OmpxOpHistory lua require('ompx.pipeline').op_history()
    command! OmpxPipelineCancel lua require('ompx.pipeline').cancel()
  ]])
end

return P
