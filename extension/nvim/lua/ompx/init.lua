-- ompx.nvim: Neovim client for ompx-lsp (MLIR omp/acc language server).
--
--   require('ompx').setup({
--     cmd = nil,            -- full command; default: { <server>, unpack(args) }
--     server_path = nil,    -- path to ompx-lsp (~ and $VARS expanded); default: ompx-lsp on PATH
--     search_build_tree = false, -- true: without server_path and PATH, also run build/server/ompx-lsp
--                           -- of the git checkout holding the buffer (or the cwd): from the buffer's
--                           -- folder up to the checkout's root (the folder with .git), never $HOME or
--                           -- above it; nothing outside a checkout. Off by default: that binary is
--                           -- whatever the tree you opened holds
--     args = {},            -- extra server arguments
--     disabled_checks = {}, -- data-mapping checks not to report (`--disable-checks`), e.g.
--                           -- { 'map-from-not-written' }; { 'all' }: none of them
--     launch = { device = nil, timeout = 60, drivers = {} },
--                           -- check_maps = true: a checked run (host-offload): device copies
--                           -- poisoned, transfers watched; findings as diagnostics (source
--                           -- ompx-mapcheck) on the map ops until the next edit
--                           -- profile = true: a recorded run (not on host): figures as
--                           -- code lenses on the ops (virtual text; the hover has the
--                           -- per-launch table), the report next to the file;
--                           -- :OmpxHotSpots lists the ops by time in the quickfix list
--                           -- drivers: host code with a main program (Fortran/C/.o/.a) linked
--                           -- with the module; relative paths: from the launched file's folder
--                           -- launcher = 'local' | 'slurm': where the program runs (slurm: built
--                           -- here, run on a compute node with srun); with slurm:
--                           -- slurm = { partition =, account =, gres = 'gpu:1', gpus =, time =,
--                           --   args = { '--exclusive' }, stage = 'shared' | 'sbcast',
--                           --   stage_dir = (relative: from the file's folder),
--                           --   bin_dir = (Slurm's tools; unset: PATH),
--                           --   allocation = 'new' | 'reuse' }  (unset: the site's defaults)
--     lowering = true,      -- lowering-readiness diagnostics (code `lowering`)
--     lowering_max_file_size = 33554432, -- bytes; larger buffers are not checked
--     mappings = true,      -- buffer-local keys on attach (M.default_mappings); false: none;
--                           -- a table: { gr = false, ['<leader>f'] = 'format' } changes single keys
--     fortran_diagnostics = true, -- also attach to Fortran buffers: the server checks the
--                           -- saved file (flang-22 with the build's flags) and hovers directives
--     on_attach = nil, capabilities = nil,
--   })
--
-- On attach: omnifunc (<C-x><C-o>) = v:lua.vim.lsp.omnifunc, tagfunc (<C-]>) =
-- v:lua.vim.lsp.tagfunc, and the mappings. ftdetect/ and syntax/ give `.mlir`
-- files the filetype `mlir` and highlighting on any Neovim.
--
-- Works with Neovim 0.7+ (vim.lsp.start_client + FileType autocmd) and uses
-- vim.lsp.config('ompx_lsp', ...) / vim.lsp.enable('ompx_lsp') on 0.11+.
-- Commands: :OmpxLaunch [device [driver ...]], :OmpxLaunchCancel, :OmpxDevices, :OmpxRestart,
-- :OmpxHotSpots (the recorded launches' ops, most time first, in the quickfix list),
-- :OmpxReleaseAllocation (Slurm allocations kept with allocation = 'reuse');
-- the Fortran -> MLIR view (lua/ompx/fortran.lua): :OmpxEmit [hlfir|fir|llvm] [device],
-- :OmpxFortran, :OmpxMLIR (option `fortran = { kind = 'hlfir', device = nil }`); the pass
-- explorer (lua/ompx/pipeline.lua): :OmpxPipeline [device], :OmpxPipelineDiff,
-- :OmpxOpHistory, :OmpxPipelineCancel, and the "Reduce to a minimal reproducer" code action.
local M = {}

M.name = 'ompx_lsp'
M.config = { args = {}, launch = { timeout = 60 }, mappings = true }
local client_id = nil -- 0.7-0.10 path: the one client we started
local last_devices = {}
M.last_slurm = nil -- ompx.listDevices' `slurm`: { reachable, message?, cluster?, partitions }
local running = nil -- { client = , request_id = , token = , bufnr = }
local token_counter = 0

local util = require('ompx.util')
local call = util.call

local function all_clients()
  if vim.lsp.get_clients then return vim.lsp.get_clients() end
  return vim.lsp.get_active_clients()
end

local notify = util.notify

local function is_executable(p)
  return p ~= nil and p ~= '' and vim.fn.executable(p) == 1
end

--- An absolute path without trailing slash and with links resolved.
local function normalize(p)
  local out = vim.fn.resolve(vim.fn.fnamemodify(p, ':p')):gsub('/+$', '')
  return out == '' and '/' or out
end

--- The folders from `start` (a file or folder) up to the root of its git
--- checkout (the nearest folder holding .git, a folder or a worktree's file),
--- stopping below $HOME; none when no checkout is found within those bounds.
function M.checkout_folders(start)
  if not start or start == '' then return {} end
  local dir = normalize(start)
  if vim.fn.isdirectory(dir) == 0 then dir = normalize(vim.fn.fnamemodify(dir, ':h')) end
  local home = vim.env.HOME and vim.env.HOME ~= '' and normalize(vim.env.HOME) or nil
  local dirs = {}
  while true do
    -- /, $HOME and its ancestors hold too much that is not one project.
    if dir == '/' or (home and (dir == home or home:sub(1, #dir + 1) == dir .. '/')) then return {} end
    table.insert(dirs, dir)
    if vim.fn.getftype(dir .. '/.git') ~= '' then return dirs end
    local parent = normalize(vim.fn.fnamemodify(dir, ':h'))
    if parent == dir then return {} end
    dir = parent
  end
end

--- Finds ompx-lsp: the explicit path (expanded), then PATH. With `search`
--- (default: the search_build_tree option) also build/server/ompx-lsp in the
--- git checkout of `start` or of the cwd (see checkout_folders).
function M.find_server(path, start, search)
  if path and path ~= '' then
    local p = vim.fn.expand(path)
    if is_executable(p) then return p end
    return nil, ('server_path is %q but no executable is there'):format(p)
  end
  local on_path = vim.fn.exepath('ompx-lsp')
  if on_path ~= '' then return on_path end
  if search == nil then search = M.config.search_build_tree end
  if not search then
    return nil, 'ompx-lsp is not on PATH; set server_path (or search_build_tree = true for the build of the git checkout you open)'
  end
  for _, from in ipairs({ start or '', vim.fn.getcwd() }) do
    for _, d in ipairs(M.checkout_folders(from)) do
      local p = d .. '/build/server/ompx-lsp'
      if is_executable(p) then return p end
    end
  end
  return nil, 'ompx-lsp is not on PATH and no build/server/ompx-lsp is in the git checkout of the buffer or the cwd; set server_path'
end

local function server_cmd(bufname)
  if M.config.cmd then return M.config.cmd end
  local p, err = M.find_server(M.config.server_path, bufname)
  if not p then return nil, err end
  local cmd = { p }
  for _, a in ipairs(M.config.args or {}) do table.insert(cmd, a) end
  local disabled = M.config.disabled_checks or {}
  if #disabled > 0 then table.insert(cmd, '--disable-checks=' .. table.concat(disabled, ',')) end
  return cmd
end

-- Launch output goes to a scratch buffer named ompx://launch.
local function launch_buffer()
  local name = 'ompx://launch'
  local b = vim.fn.bufnr(name)
  if b == -1 or not vim.api.nvim_buf_is_valid(b) then
    b = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(b, name)
    vim.bo[b].buftype = 'nofile'
    vim.bo[b].swapfile = false
  end
  return b
end

--- Appends text (may hold newlines, may continue the last line) to the launch buffer.
function M.append_output(text)
  local b = launch_buffer()
  local lines = vim.split(text, '\n', true)
  local n = vim.api.nvim_buf_line_count(b)
  local last = vim.api.nvim_buf_get_lines(b, n - 1, n, false)[1] or ''
  lines[1] = last .. lines[1]
  vim.api.nvim_buf_set_lines(b, n - 1, n, false, lines)
  for _, w in ipairs(vim.fn.win_findbuf(b)) do
    vim.api.nvim_win_set_cursor(w, { vim.api.nvim_buf_line_count(b), 0 })
  end
end

local function show_launch_buffer()
  local b = launch_buffer()
  if #vim.fn.win_findbuf(b) == 0 then
    local cur = vim.api.nvim_get_current_win()
    vim.cmd('botright 12split')
    vim.api.nvim_win_set_buf(0, b)
    vim.api.nvim_set_current_win(cur)
  end
end

local handlers = {
  ['ompx/launchOutput'] = function(_, params)
    if not params or type(params.text) ~= 'string' then return end
    local text = params.text
    -- The run's state (a Slurm job queued, running): one line.
    if params.stream == 'status' then text = '— run: ' .. text:gsub('\n+$', '') .. '\n'
    elseif params.stream == 'stderr' then text = text:gsub('([^\n]+)', '[stderr] %1')
    elseif params.stream == 'log' then text = text:gsub('([^\n]+)', '[log] %1') end
    vim.schedule(function() M.append_output(text) end)
  end,
}

-- $/progress for our launch token: show the stage; everything else goes to
-- the default handler.
local function progress_handler(err, result, ctx, config)
  if result and type(result.token) == 'string' and result.token:match('^ompx%-launch%-') then
    local v = result.value or {}
    local stage = v.message or v.title
    if v.kind ~= 'end' and stage then
      vim.schedule(function()
        -- `run: STATUS` reports come as `status` output lines too.
        if not stage:match('^run: ') then M.append_output('— ' .. stage .. '\n') end
        vim.api.nvim_echo({ { 'ompx: ' .. stage, 'MoreMsg' } }, false, {})
      end)
    end
    return
  end
  -- The pipeline's and the reducer's stages: in the message area.
  if result and type(result.token) == 'string' and result.token:match('^ompx%-pipeline%-') then
    local v = result.value or {}
    local m = v.message or v.title
    if m then vim.schedule(function() vim.api.nvim_echo({ { 'ompx: ' .. m, 'MoreMsg' } }, false, {}) end) end
    return
  end
  local default = vim.lsp.handlers['$/progress']
  if default then return default(err, result, ctx, config) end
end
handlers['$/progress'] = progress_handler

-- Actions a mapping may name; a mapping may also be a function.
M.actions = {
  hover = function() vim.lsp.buf.hover() end,
  definition = function() vim.lsp.buf.definition() end,
  references = function() vim.lsp.buf.references() end,
  rename = function() vim.lsp.buf.rename() end,
  code_action = function() vim.lsp.buf.code_action() end,
  format = function() if vim.lsp.buf.format then vim.lsp.buf.format({ async = true }) else vim.lsp.buf.formatting() end end,
  prev_diagnostic = function()
    if vim.diagnostic.jump then vim.diagnostic.jump({ count = -1, float = true }) else vim.diagnostic.goto_prev() end
  end,
  next_diagnostic = function()
    if vim.diagnostic.jump then vim.diagnostic.jump({ count = 1, float = true }) else vim.diagnostic.goto_next() end
  end,
}

M.default_mappings = {
  K = 'hover',
  gd = 'definition',
  gr = 'references',
  ['<leader>rn'] = 'rename',
  ['<leader>ca'] = 'code_action',
  ['[d'] = 'prev_diagnostic',
  [']d'] = 'next_diagnostic',
}

--- The mappings the options ask for: key -> action name or function.
function M.mappings()
  local m = M.config.mappings
  if m == false then return {} end
  local out = vim.deepcopy(M.default_mappings)
  if type(m) == 'table' then
    for key, action in pairs(m) do out[key] = action or nil end
  end
  return out
end

--- Buffer-local settings of an attached buffer, then the user's on_attach.
function M.on_attach(client, bufnr)
  -- A Fortran buffer gets diagnostics and hovers only: its completion,
  -- tags and keys stay the user's.
  if vim.bo[bufnr].filetype == 'fortran' then
    if M.config.on_attach then M.config.on_attach(client, bufnr) end
    return
  end
  vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  vim.bo[bufnr].tagfunc = 'v:lua.vim.lsp.tagfunc'
  for key, action in pairs(M.mappings()) do
    local fn = type(action) == 'function' and action or M.actions[action]
    if fn then
      vim.keymap.set('n', key, fn, { buffer = bufnr, silent = true, desc = 'ompx: ' .. tostring(action) })
    else
      notify(('mapping %s: unknown action %q'):format(key, tostring(action)), vim.log.levels.WARN)
    end
  end
  if M.config.on_attach then M.config.on_attach(client, bufnr) end
end

--- The filetypes the server attaches to: mlir, and fortran unless
--- fortran_diagnostics = false.
function M.filetypes()
  if M.config.fortran_diagnostics == false then return { 'mlir' } end
  return { 'mlir', 'fortran' }
end

local function attaches(bufnr)
  return vim.tbl_contains(M.filetypes(), vim.bo[bufnr].filetype)
end

local function client_config(bufname)
  local cmd, err = server_cmd(bufname)
  if not cmd then return nil, err end
  return {
    name = M.name,
    cmd = cmd,
    filetypes = M.filetypes(),
    root_dir = vim.fn.getcwd(),
    handlers = handlers,
    capabilities = M.config.capabilities or vim.lsp.protocol.make_client_capabilities(),
    on_attach = M.on_attach,
    -- Read by the server's initialize (ompx.lowering, ompx.loweringMaxFileSize).
    init_options = {
      lowering = M.config.lowering ~= false,
      loweringMaxFileSize = M.config.lowering_max_file_size or 33554432,
    },
  }
end

--- The running ompx client for a buffer (or any), if any.
function M.get_client(bufnr)
  for _, c in ipairs(all_clients()) do
    if c.name == M.name and (not bufnr or (c.attached_buffers and c.attached_buffers[bufnr]) or bufnr == 0) then
      return c
    end
  end
  return nil
end

local function start_or_attach(bufnr)
  if client_id and vim.lsp.get_client_by_id(client_id) then
    vim.lsp.buf_attach_client(bufnr, client_id)
    return
  end
  local cfg, err = client_config(vim.api.nvim_buf_get_name(bufnr))
  if not cfg then notify(err, vim.log.levels.ERROR); return end
  client_id = vim.lsp.start_client(cfg)
  if client_id then vim.lsp.buf_attach_client(bufnr, client_id)
  else notify('could not start ' .. table.concat(cfg.cmd, ' '), vim.log.levels.ERROR) end
end

local function commands_of(client)
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  local p = caps.executeCommandProvider
  return type(p) == 'table' and p.commands or {}
end

local function require_command(client, command)
  for _, c in ipairs(commands_of(client)) do
    if c == command then return true end
  end
  notify('this ompx-lsp does not provide ' .. command .. ' (too old?)', vim.log.levels.ERROR)
  return false
end

--- The `slurm` object of the server's commands from launch.slurm of the
--- setup options: only what is set (empty strings and lists: the site's
--- defaults); nil when nothing is.
function M.slurm_options()
  local s = (M.config.launch or {}).slurm
  if type(s) ~= 'table' then return nil end
  local out = {}
  for _, k in ipairs({ 'partition', 'account', 'gres', 'time' }) do
    if type(s[k]) == 'string' and s[k]:match('%S') then out[k] = vim.trim(s[k]) end
  end
  local dir = s.stage_dir or s.stageDir
  if type(dir) == 'string' and dir:match('%S') then out.stageDir = dir end
  local bin = s.bin_dir or s.binDir
  if type(bin) == 'string' and bin:match('%S') then out.binDir = bin end
  if type(s.gpus) == 'number' and s.gpus > 0 then out.gpus = tostring(s.gpus)
  elseif type(s.gpus) == 'string' and s.gpus:match('%S') then out.gpus = vim.trim(s.gpus) end
  if type(s.args) == 'table' then
    local args = {}
    for _, a in ipairs(s.args) do if type(a) == 'string' and a ~= '' then table.insert(args, a) end end
    if #args > 0 then out.args = args end
  end
  -- Passed as given: the server names the accepted values of a wrong one.
  if s.stage ~= nil then out.stage = s.stage end
  if s.allocation ~= nil then out.allocation = s.allocation end
  return next(out) and out or nil
end

--- The optional argument of ompx.listDevices / ompx.releaseSlurmAllocation.
local function slurm_arguments()
  local s = M.slurm_options()
  return s and { { slurm = s } } or {}
end

--- Calls cb(devices, slurm) with the server's device list and what Slurm says.
function M.list_devices(cb, bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local client = M.get_client(bufnr) or M.get_client()
  if not client then notify('no ompx-lsp client is running', vim.log.levels.ERROR); return end
  if not require_command(client, 'ompx.listDevices') then return end
  call(client, 'request', 'workspace/executeCommand', { command = 'ompx.listDevices', arguments = slurm_arguments() },
    function(err, result)
    if err then notify('ompx.listDevices: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR); return end
    last_devices = (result and result.devices) or {}
    M.last_slurm = result and result.slurm
    if (M.config.launch or {}).launcher == 'slurm' and M.last_slurm and not M.last_slurm.reachable then
      notify('launcher is slurm, but Slurm is not reachable: ' .. (M.last_slurm.message or 'no reason given'),
        vim.log.levels.WARN)
    end
    cb(last_devices, M.last_slurm)
  end, bufnr)
end

--- "slurm: debug — gpu:2 (sm_80)"
function M.format_partition(p)
  local gres = table.concat(p.gres or {}, ', ')
  local arch = (p.offloadArch and p.offloadArch ~= '') and (' (' .. p.offloadArch .. ')') or ''
  local text = 'slurm: ' .. p.name
  if gres ~= '' or arch ~= '' then text = text .. ' — ' .. (gres ~= '' and gres or 'no GPU gres') .. arch end
  if p.default then text = text .. ', default' end
  if p.availability and p.availability ~= 'up' then text = text .. ', ' .. p.availability end
  return text
end

--- The device a partition's GPUs run, from the architecture its gres names.
function M.device_for_partition(p)
  local arch = p.offloadArch or ''
  if arch:match('^sm_') then return 'nvptx:0' end
  if arch:match('^gfx') then return 'amdgpu:0' end
  return nil
end

--- Launches from now on run through Slurm on partition `p` (this session's options).
function M.use_partition(p)
  M.config.launch = M.config.launch or {}
  M.config.launch.launcher = 'slurm'
  M.config.launch.slurm = M.config.launch.slurm or {}
  M.config.launch.slurm.partition = p.name
  local device = M.device_for_partition(p)
  if device then M.config.launch.device = device end
  notify(('launches now run through Slurm on %s%s'):format(p.name, device and (' as ' .. device) or ''))
end

--- :OmpxReleaseAllocation: gives back the Slurm allocations kept for reuse.
function M.release_allocation()
  local client = M.get_client(vim.api.nvim_get_current_buf()) or M.get_client()
  if not client then notify('no ompx-lsp client is running', vim.log.levels.ERROR); return end
  if not require_command(client, 'ompx.releaseSlurmAllocation') then return end
  call(client, 'request', 'workspace/executeCommand', { command = 'ompx.releaseSlurmAllocation', arguments = slurm_arguments() },
    function(err, result)
      M.last_release = { err = err, result = result }
      if err then notify(err.message or vim.inspect(err), vim.log.levels.ERROR); return end
      local ids = (result and result.released) or {}
      notify(#ids > 0 and ('released Slurm allocation(s) ' .. table.concat(ids, ', ')) or 'no Slurm allocation to release')
    end)
end

function M.format_device(d)
  if d.available then return ('%-16s %s'):format(d.id, d.description or '') end
  return ('%-16s %s (unavailable: %s)'):format(d.id, d.description or '', d.reason or 'no reason given')
end

function M.devices()
  M.list_devices(function(devices, slurm)
    local lines = { 'ompx devices:' }
    for _, d in ipairs(devices) do table.insert(lines, '  ' .. (d.available and '✓ ' or '✗ ') .. M.format_device(d)) end
    if slurm and slurm.reachable then
      table.insert(lines, 'Slurm partitions' .. (slurm.cluster and (' (cluster ' .. slurm.cluster .. ')') or '') .. ':')
      for _, p in ipairs(slurm.partitions or {}) do table.insert(lines, '  ' .. M.format_partition(p)) end
    elseif slurm then
      table.insert(lines, 'Slurm: not reachable (' .. (slurm.message or 'no reason given') .. ')')
    end
    vim.schedule(function() vim.api.nvim_echo({ { table.concat(lines, '\n') } }, true, {}) end)
  end)
end

--- The ompx.compileAndLaunch argument {uri, device, timeout?, drivers?,
--- launcher?, checkMaps?, profile?, slurm?} (launcher and slurm only with launch.launcher = 'slurm').
--- drivers: a list of paths (nil: launch.drivers of the setup options); sent
--- only when non-empty. Relative paths are resolved by the server against the
--- document's folder.
function M.launch_argument(bufnr, device, drivers)
  local launch = M.config.launch or {}
  local arg = { uri = vim.uri_from_bufnr(bufnr), device = device }
  local timeout = launch.timeout
  if timeout and timeout > 0 then arg.timeout = timeout end
  if drivers == nil then drivers = launch.drivers end
  if type(drivers) == 'string' then drivers = { drivers } end
  local list = {}
  for _, d in ipairs(type(drivers) == 'table' and drivers or {}) do
    if type(d) == 'string' and d:match('%S') then table.insert(list, d) end
  end
  if #list > 0 then arg.drivers = list end
  if launch.check_maps then arg.checkMaps = true end
  if launch.profile then arg.profile = true end
  if launch.launcher ~= nil and launch.launcher ~= 'local' then
    -- Passed as given: the server names the accepted values of a wrong one.
    arg.launcher = launch.launcher
    arg.slurm = M.slurm_options()
  end
  return arg
end

--- The code lenses of `bufnr` asked for again (Neovim 0.7's codelens.refresh
--- asks for the current buffer's).
function M.refresh_lenses(bufnr)
  if not vim.api.nvim_buf_is_loaded(bufnr) then return end
  vim.api.nvim_buf_call(bufnr, function() pcall(vim.lsp.codelens.refresh) end)
end

--- A recorded launch's figures are code lenses on the ops and on the Fortran
--- lines they came from: shown after it, and again after each edit (stale,
--- or gone where an op's line changed).
local function show_profile_lenses(bufnr)
  M.refresh_lenses(bufnr)
  vim.cmd(([[
    augroup ompx_profile_%d
      autocmd!
      autocmd BufEnter,InsertLeave,TextChanged <buffer=%d> lua require('ompx').refresh_lenses(%d)
    augroup END
  ]]):format(bufnr, bufnr, bufnr))
end

--- The quickfix rows of ompx.profileHotSpots' answer, in its order.
function M.hot_spot_items(spots)
  local items = {}
  for _, s in ipairs(spots or {}) do
    table.insert(items, {
      filename = vim.uri_to_fname(s.uri),
      lnum = s.range.start.line + 1,
      col = s.range.start.character + 1,
      text = ('%s %s: %s%s%s'):format(s.op ~= '' and s.op or s.kind, s.name, s.stale and '(stale) ' or '', s.figures,
        (s.source and s.source ~= '') and (' [' .. s.source .. ']') or ''),
    })
  end
  return items
end

--- :OmpxHotSpots: the ops the recorded launches saw (of `uri`, else of every
--- document), most time first, in the quickfix list. `cb(items)` instead of
--- opening it, if given.
function M.hot_spots(uri, cb)
  local client = M.get_client(vim.api.nvim_get_current_buf()) or M.get_client()
  if not client then notify('no ompx-lsp client', vim.log.levels.ERROR); return end
  if not require_command(client, 'ompx.profileHotSpots') then return end
  call(client, 'request', 'workspace/executeCommand',
    { command = 'ompx.profileHotSpots', arguments = uri and { { uri = uri } } or {} },
    function(err, result)
      vim.schedule(function()
        if err then notify('hot spots: ' .. (err.message or ''), vim.log.levels.ERROR); return end
        local items = M.hot_spot_items(result)
        if cb then return cb(items) end
        if #items == 0 then
          notify('no recorded launch (launch = { profile = true }), or its ops changed since', vim.log.levels.INFO)
          return
        end
        vim.fn.setqflist({}, ' ', { title = 'ompx hot spots (most time first)', items = items })
        vim.cmd('copen')
      end)
    end)
end

-- The command of the server's code lenses on the recorded ops
-- (vim.lsp.codelens.run): the hot spots of that document.
vim.lsp.commands['ompx.showHotSpots'] = function(command)
  local arg = (command.arguments or {})[1] or {}
  M.hot_spots(arg.uri)
end

--- Where a launch runs, for its first line: "" (here), " via slurm: debug".
local function where(arg)
  if arg.launcher ~= 'slurm' then return '' end
  return ' via slurm' .. ((arg.slurm and arg.slurm.partition) and (': ' .. arg.slurm.partition) or '')
end

local function do_launch(client, bufnr, device, drivers)
  token_counter = token_counter + 1
  local token = ('ompx-launch-%d-%d'):format(vim.fn.getpid(), token_counter)
  local arg = M.launch_argument(bufnr, device, drivers)
  show_launch_buffer()
  M.append_output(('▶ %s on %s%s%s (%s)\n'):format(vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':t'), device, where(arg),
    arg.drivers and (' with ' .. table.concat(arg.drivers, ', ')) or '', os.date('%H:%M:%S')))
  local ok, request_id = call(client, 'request', 'workspace/executeCommand',
    { command = 'ompx.compileAndLaunch', arguments = { arg }, workDoneToken = token },
    function(err, result)
      running = nil
      vim.schedule(function()
        if err then
          local cancelled = err.code == -32800
          M.append_output(('■ %s\n'):format(cancelled and 'cancelled' or ('error: ' .. (err.message or ''))))
          notify(cancelled and 'launch cancelled' or ('launch failed: ' .. (err.message or '')),
            cancelled and vim.log.levels.WARN or vim.log.levels.ERROR)
          return
        end
        result = result or { status = 'failed', message = 'no result' }
        local line = ('■ %s%s%s%s%s'):format(result.status,
          result.exitCode and (' (exit code %d)'):format(result.exitCode) or '',
          result.slurmJobId and (' [Slurm job ' .. result.slurmJobId .. ']') or '',
          (result.stage and result.status ~= 'ok') and (' in stage ' .. result.stage) or '',
          result.message and (': ' .. result.message) or '')
        M.append_output(line .. '\n')
        for _, f in ipairs(result.mapFindings or {}) do
          local at = f.location or {}
          M.append_output(('%s:%d:%d: %s: %s [mapcheck-%s]\n'):format(at.file or '?', at.line or 0,
            at.column or 0, f.severity or 'warning', f.message or '', f.check or '?'))
        end
        local profile = result.profile
        if profile then
          for _, h in ipairs(profile.hotSpots or {}) do
            local at = h.location
            M.append_output(('%s%s: %s\n'):format(at and ('%s:%d:%d: '):format(at.file, at.line, at.column) or '',
              h.name or '?', h.figures or ''))
          end
          M.append_output(('profile: %s\n'):format(table.concat({ profile.report or '', profile.html or '' }, ', ')))
          -- The launched buffer's ops and the Fortran lines they came from.
          for _, b in ipairs(vim.api.nvim_list_bufs()) do
            if vim.api.nvim_buf_is_loaded(b) and M.get_client(b) then show_profile_lenses(b) end
          end
        end
        M.last_result = result
        notify(line:sub(5), result.status == 'ok' and vim.log.levels.INFO or vim.log.levels.WARN)
      end)
    end, bufnr)
  if ok then running = { client = client, request_id = request_id, token = token, bufnr = bufnr } end
end

--- :OmpxLaunch [device [driver ...]]: compile and launch the current buffer.
--- Drivers given here replace launch.drivers of the setup options; like other
--- file arguments of Ex commands they are expanded (%, ~, $VAR) and taken from
--- the current directory. launch({ device = , drivers = }) passes drivers as is.
function M.launch(device, ...)
  local drivers = nil
  if select('#', ...) > 0 then
    drivers = {}
    for _, d in ipairs({ ... }) do
      if vim.fn.exists('*expandcmd') == 1 then d = vim.fn.expandcmd(d) end
      table.insert(drivers, vim.fn.fnamemodify(d, ':p'))
    end
  end
  if type(device) == 'table' then -- launch({ device = , drivers = })
    drivers = device.drivers
    device = device.device
  end
  local bufnr = vim.api.nvim_get_current_buf()
  local client = M.get_client(bufnr)
  if not client then notify('no ompx-lsp client is attached to this buffer', vim.log.levels.ERROR); return end
  if not require_command(client, 'ompx.compileAndLaunch') then return end
  if running then notify('a launch is already running (:OmpxLaunchCancel)', vim.log.levels.WARN); return end
  device = (device and device ~= '') and device or (M.config.launch or {}).device
  if device and device ~= '' then return do_launch(client, bufnr, device, drivers) end
  M.list_devices(function(devices, slurm)
    -- This machine's devices, then the cluster's partitions.
    local items = vim.deepcopy(devices)
    if slurm and slurm.reachable then
      for _, p in ipairs(slurm.partitions or {}) do table.insert(items, { partition = p }) end
    end
    local function fmt(d) return d.partition and M.format_partition(d.partition) or M.format_device(d) end
    vim.schedule(function()
      vim.ui.select(items, { prompt = 'ompx: launch on', format_item = fmt }, function(d)
        if not d then return end
        if d.partition then
          M.use_partition(d.partition)
          local dev = M.config.launch.device
          if not dev or dev == '' then
            notify('the gres of ' .. d.partition.name .. ' names no GPU architecture: :OmpxLaunch DEVICE',
              vim.log.levels.WARN)
            return
          end
          return do_launch(client, bufnr, dev, drivers)
        end
        if not d.available then notify(d.id .. ' is not available: ' .. (d.reason or ''), vim.log.levels.WARN); return end
        -- A device of this machine: launched here (launch.launcher stays as set).
        M.config.launch = M.config.launch or {}
        local saved = M.config.launch.launcher
        M.config.launch.launcher = nil
        do_launch(client, bufnr, d.id, drivers)
        M.config.launch.launcher = saved
      end)
    end)
  end, bufnr)
end

function M.cancel()
  if not running then notify('no launch is running'); return end
  call(running.client, 'cancel_request', running.request_id)
  M.append_output('■ cancel requested\n')
end

function M.restart()
  for _, c in ipairs(all_clients()) do
    if c.name == M.name then call(c, 'stop') end
  end
  client_id = nil
  vim.defer_fn(function()
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(b) and attaches(b) then
        if vim.lsp.enable then vim.api.nvim_exec_autocmds('FileType', { buffer = b }) else start_or_attach(b) end
      end
    end
  end, 500)
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', M.config, opts or {})
  -- filetype (Neovim 0.7 still uses filetype.vim by default: an autocmd works everywhere)
  vim.cmd([[
    augroup ompx_filetype
      autocmd!
      autocmd BufRead,BufNewFile *.mlir setfiletype mlir
    augroup END
  ]])
  vim.cmd([[
    command! -nargs=* -complete=customlist,v:lua.require'ompx'.complete_devices OmpxLaunch lua require('ompx').launch(<f-args>)
    command! OmpxLaunchCancel lua require('ompx').cancel()
    command! OmpxDevices lua require('ompx').devices()
    command! OmpxReleaseAllocation lua require('ompx').release_allocation()
    command! OmpxRestart lua require('ompx').restart()
    command! OmpxHotSpots lua require('ompx').hot_spots()
  ]])
  require('ompx.fortran').setup(M)
  require('ompx.pipeline').setup(M)
  if vim.lsp.config and vim.lsp.enable then
    -- Neovim 0.11+: native config + enable.
    local cfg, err = client_config(vim.fn.getcwd())
    if not cfg then notify(err, vim.log.levels.ERROR); return end
    cfg.name = nil
    cfg.root_dir = nil
    cfg.root_markers = { '.git' }
    vim.lsp.config(M.name, cfg)
    vim.lsp.enable(M.name)
  else
    vim.cmd([[
      augroup ompx_lsp
        autocmd!
        autocmd FileType mlir,fortran lua require('ompx')._attach(tonumber(vim.fn.expand('<abuf>')))
      augroup END
    ]])
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(b) and attaches(b) then start_or_attach(b) end
    end
  end
end

function M._attach(bufnr) start_or_attach(bufnr) end

function M.complete_devices(arglead, cmdline, cursorpos)
  -- After the device: driver files.
  if cmdline and cursorpos then
    local before = cmdline:sub(1, cursorpos)
    local words = vim.split(vim.trim(before), '%s+')
    local n = #words
    if before:match('%s$') then n = n + 1 end
    if n > 2 then return vim.fn.getcompletion(arglead, 'file') end
  end
  local out = {}
  for _, d in ipairs(last_devices) do
    if d.id:sub(1, #arglead) == arglead then table.insert(out, d.id) end
  end
  return out
end

return M
