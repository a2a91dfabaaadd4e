# The layers of ompx, bottom to top, and what each may use. This table is the
# one statement of the architecture's dependency rule (docs/architecture.md):
#  - ompx_add_library() refuses, at configure time, a library that links an
#    ompx library of a layer it may not use, or MLIR/Flang without `MLIR`;
#  - the `layers` test (scripts/check_layers.py) holds every #include of a
#    project header to the same table, by folder.
# A layer may always use itself.
set(OMPX_LAYERS
  # name          folder               may use
  "support        support"
  "dialects       dialects             support"
  "dialects-ir    dialects/ir          dialects support MLIR"
  "passes         pipeline/passes      dialects-ir dialects support MLIR"
  "pipeline       pipeline             support"
  "snapshots      pipeline/snapshots   support"
  "compile        pipeline/compile     snapshots pipeline passes dialects-ir dialects support MLIR"
  "driver         pipeline/driver      compile pipeline support"
  "launch         pipeline/launch      driver compile pipeline support"
  "syntax         server/syntax        support"
  "model          server/model         syntax dialects support"
  "analysis       server/analysis      model syntax compile pipeline passes dialects-ir dialects support MLIR"
  "worker         server/worker        analysis model syntax dialects support MLIR"
  "features       server/features      model syntax dialects support"
  "service        server/service       features worker model syntax launch compile snapshots pipeline dialects support"
  "lsp            server/lsp           service features model syntax launch compile snapshots pipeline dialects support"
  "tool           server/tool          lsp service worker analysis features model syntax launch driver compile snapshots passes pipeline dialects-ir dialects support MLIR"
)

set(OMPX_LAYER_NAMES)
foreach(row IN LISTS OMPX_LAYERS)
  string(REGEX REPLACE " +" ";" row "${row}")
  list(POP_FRONT row name folder)
  list(APPEND OMPX_LAYER_NAMES ${name})
  set(OMPX_LAYER_${name}_FOLDER ${folder})
  set(OMPX_LAYER_${name}_USES ${row})
endforeach()

# Writes the table for scripts/check_layers.py (one source of truth).
set(_json "{")
set(_sep "")
foreach(name IN LISTS OMPX_LAYER_NAMES)
  set(_uses "")
  foreach(u IN LISTS OMPX_LAYER_${name}_USES)
    string(APPEND _uses "\"${u}\",")
  endforeach()
  string(REGEX REPLACE ",$" "" _uses "${_uses}")
  string(APPEND _json "${_sep}\n  \"${name}\": {\"folder\": \"${OMPX_LAYER_${name}_FOLDER}\", \"uses\": [${_uses}]}")
  set(_sep ",")
endforeach()
string(APPEND _json "\n}\n")
file(WRITE ${CMAKE_BINARY_DIR}/layers.json "${_json}")

# ompx_add_library(TARGET LAYER name SOURCES ... [LINK ompx libs...]
#                  [EXTERNAL other libs...])
# LINK names ompx libraries (checked against the layer table); EXTERNAL names
# LLVM/MLIR/Flang libraries: anything beyond libLLVM needs `MLIR` in the
# layer's row.
function(ompx_add_library target)
  cmake_parse_arguments(A "" "LAYER" "SOURCES;LINK;EXTERNAL" ${ARGN})
  if(NOT A_LAYER OR NOT DEFINED OMPX_LAYER_${A_LAYER}_FOLDER)
    message(FATAL_ERROR "ompx_add_library(${target}): unknown LAYER '${A_LAYER}'")
  endif()
  set(uses ${OMPX_LAYER_${A_LAYER}_USES})
  foreach(dep IN LISTS A_LINK)
    get_property(dep_layer GLOBAL PROPERTY OMPX_TARGET_LAYER_${dep})
    if(NOT dep_layer)
      message(FATAL_ERROR "${target}: '${dep}' is not an ompx library "
        "(declare it with ompx_add_library first, or name it in EXTERNAL)")
    endif()
    if(NOT dep_layer STREQUAL A_LAYER AND NOT dep_layer IN_LIST uses)
      message(FATAL_ERROR "layering: ${target} (layer ${A_LAYER}) may not "
        "link ${dep} (layer ${dep_layer}); ${A_LAYER} may use: ${uses}")
    endif()
  endforeach()
  foreach(ext IN LISTS A_EXTERNAL)
    if(NOT ext STREQUAL "LLVM" AND NOT "MLIR" IN_LIST uses)
      message(FATAL_ERROR "layering: ${target} (layer ${A_LAYER}) may not "
        "link ${ext}: only layers marked MLIR use MLIR/Flang")
    endif()
  endforeach()
  add_library(${target} STATIC ${A_SOURCES})
  target_link_libraries(${target} PUBLIC ${A_LINK} ${A_EXTERNAL})
  set_property(GLOBAL PROPERTY OMPX_TARGET_LAYER_${target} ${A_LAYER})
endfunction()
