# Fails when a source file of core/ (or of the CLI) includes a folder that sits above its own.
# Run by the build before any core library compiles (see core/CMakeLists.txt), so a wrong-way
# include breaks the build, not just a review. Arguments (-D): SOURCE_DIR, LAYERS (the folders
# lowest first, separated by ','), STAMP (written when every include is allowed).
#
# A folder may include itself and any folder listed before it. Folders of one library sit next to
# each other in the list, so this also keeps every library linking only downward.
cmake_minimum_required(VERSION 3.25)

string(REPLACE "," ";" LAYERS "${LAYERS}")
set(rank 0)
foreach(layer IN LISTS LAYERS)
    set(rank_of_${layer} ${rank})
    math(EXPR rank "${rank} + 1")
endforeach()

set(violations "")
foreach(layer IN LISTS LAYERS)
    if(layer STREQUAL "cli")
        set(folder "${SOURCE_DIR}/cli")
    else()
        set(folder "${SOURCE_DIR}/core/${layer}")
    endif()
    file(GLOB sources "${folder}/*.cpp" "${folder}/*.h")
    foreach(source IN LISTS sources)
        file(STRINGS "${source}" includes REGEX "^#include \"[a-z]+/")
        foreach(line IN LISTS includes)
            string(REGEX REPLACE "^#include \"([a-z]+)/.*" "\\1" target "${line}")
            if(NOT DEFINED rank_of_${target})
                continue() # not a layered folder (Qt, the standard library, tests)
            endif()
            if(rank_of_${target} GREATER rank_of_${layer})
                file(RELATIVE_PATH shown "${SOURCE_DIR}" "${source}")
                string(APPEND violations
                    "  ${shown}: '${layer}' may not include '${target}' (a higher layer): ${line}\n")
            endif()
        endforeach()
    endforeach()
endforeach()

if(violations)
    message(FATAL_ERROR "Layering violation: a lower core folder includes a higher one.\n"
        "Order, lowest first: ${LAYERS}\n${violations}"
        "Move the shared piece down (see docs/architecture.md), do not include upward.")
endif()
file(WRITE "${STAMP}" "ok\n")
