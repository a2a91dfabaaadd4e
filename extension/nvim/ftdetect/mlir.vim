" MLIR files (Neovim 0.7's filetype.vim does not know them).
autocmd BufRead,BufNewFile *.mlir setfiletype mlir
