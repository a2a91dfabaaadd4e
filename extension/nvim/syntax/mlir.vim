" Vim syntax file for MLIR (omp/acc as flang-22 prints them), for editors
" without the TextMate grammar. A small subset of syntaxes/mlir.tmLanguage.json:
" the same categories, mapped to the usual highlight groups. Semantic colouring
" beyond this comes from the server.
if exists('b:current_syntax')
  finish
endif

syn case match
" Words hold $ and . (`omp.private` is not the clause `private`).
syn iskeyword @,48-57,_,$,.

" comment.line / split-input marker / expected-* annotation
syn match mlirComment        "//.*$" contains=mlirSplitMarker,mlirExpected,@Spell
syn match mlirSplitMarker    "//\s\?-----.*$" contained
syn match mlirExpected       "expected-\%(error\|warning\|remark\|note\)\%(-re\)\?\%(@\%(above\|below\|unknown\|[+-]\d\+\)\)\?" contained

" string.quoted.double
syn region mlirString        start=+"+ skip=+\\\\\|\\"+ end=+"+ contains=mlirEscape
syn match mlirEscape         +\\\%([nt"\\]\|\x\x\)+ contained

" keyword.control.op.omp/acc, entity.name.function.op (dialect.op)
" (at the start of a line or after `%r = `, so `{omp.composite}` stays an attribute)
syn match mlirOp             "\%(^\s*\|=\s\+\)\zs\h[[:alnum:]_$]*\.\h[[:alnum:]_$.]*\>"
syn match mlirOpOmpAcc       "\%(^\s*\|=\s\+\)\zs\%(omp\|acc\)\.\h[[:alnum:]_$.]*\>"
syn keyword mlirBuiltinOp    module return unrealized_conversion_cast

" variable.parameter.block-argument, variable.other.ssa
syn match mlirSSA            "%[[:alnum:]_$.-]\+\%(#\d\+\)\?"
syn match mlirBlockArg       "%arg\d\+\>"
syn match mlirBlockArg       "->\s*\zs%[[:alnum:]_$.-]\+"
" entity.name.label.block, entity.name.function.symbol
syn match mlirBlockLabel     "\^[[:alnum:]_$.-]\+"
syn match mlirSymbol         "@[[:alnum:]_$.-]\+"
syn match mlirSymbol         +@"[^"]*"+

" storage.type.dialect / storage.type.builtin
syn match mlirDialectType    "![[:alpha:]_][[:alnum:]_$.]*"
syn match mlirBuiltinType    "\<\%(i\d\+\|si\d\+\|ui\d\+\|f16\|bf16\|f32\|f64\|f80\|f128\|tf32\|index\|none\)\>"
syn match mlirBuiltinType    "\<\%(vector\|memref\|tensor\|complex\|tuple\)\ze<"
" constant.other.attribute (#dialect<...>, #alias), support.type.attribute
syn match mlirAttribute      "#[[:alpha:]_][[:alnum:]_$.]*"
syn match mlirAttrKind       "\<\%(dense\|dense_resource\|array\|affine_map\|affine_set\|strided\|sparse\|opaque\|distinct\)\ze<"
syn match mlirAttrKind       "\<\%(loc\|fused\|callsite\|unknown\)\ze\s*[(\[<]"

" keyword.other.clause: a clause keyword before its parenthesised operands
" (map_entries(...), host_eval(...), private(...)) and the standalone flags
syn match mlirClause         "\<\h\w*\ze\s*("
syn keyword mlirClause       nowait inclusive step untied mergeable nogroup simd threads seq independent gang worker
syn keyword mlirClause       private_barrier combiner cleanup collapse tile memory_order hint attributes
" constant.language.map-type / capture-kind / data-clause
syn keyword mlirMapType      to from tofrom alloc release delete implicit always close present ompx_hold
syn keyword mlirMapType      ByRef ByCopy This VLAType
syn match mlirMapType        "\<acc_[a-z_]\+\>"

" constant.numeric, constant.language
syn match mlirNumber         "-\?\<0x\x\+\>"
syn match mlirNumber         "-\?\<\d\+\%(\.\d*\%([eE][+-]\?\d\+\)\?\)\?"
syn keyword mlirBoolean      true false unit

hi def link mlirComment      Comment
hi def link mlirSplitMarker  Special
hi def link mlirExpected     SpecialComment
hi def link mlirString       String
hi def link mlirEscape       SpecialChar
hi def link mlirOpOmpAcc     Statement
hi def link mlirOp           Function
hi def link mlirBuiltinOp    Statement
hi def link mlirSSA          Identifier
hi def link mlirBlockArg     Special
hi def link mlirBlockLabel   Label
hi def link mlirSymbol       Function
hi def link mlirDialectType  Type
hi def link mlirBuiltinType  Type
hi def link mlirAttribute    Constant
hi def link mlirAttrKind     Type
hi def link mlirClause       Keyword
hi def link mlirMapType      Constant
hi def link mlirNumber       Number
hi def link mlirBoolean      Boolean

let b:current_syntax = 'mlir'
