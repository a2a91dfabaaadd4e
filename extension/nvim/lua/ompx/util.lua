-- What the plugin's modules share: messages, and LSP client calls on both
-- sides of Neovim 0.11 (which made client methods take self).
local U = {}

function U.notify(msg, level)
  vim.schedule(function() vim.notify('ompx: ' .. msg, level or vim.log.levels.INFO) end)
end

local new_api = vim.fn.has('nvim-0.11') == 1

--- client:method(...) on 0.11+, client.method(...) before.
function U.call(client, method, ...)
  if new_api then return client[method](client, ...) end
  return client[method](...)
end

function U.request(client, method, params, cb, bufnr)
  return U.call(client, 'request', method, params, cb, bufnr)
end

return U
