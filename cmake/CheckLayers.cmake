# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a source file includes a folder that sits above its own: the core's folders, the CLI,
# then the wizard's (widgets, run-panel views, wizard pages). Run by the build before any core
# library compiles (see core/CMakeLists.txt), so a wrong-way include breaks the build, not just a
# review. Arguments (-D): SOURCE_DIR, LAYERS (the folders lowest first, separated by ','), STAMP
# (written when every include is allowed).
#
# A layer is a core folder ("model": core/model), "cli" (cli/), or a wizard folder ("ui/widgets").
# It is included by its last name ("model/Project.h", "widgets/ServerTable.h"); where two layers
# share that name (core/logs and ui/logs) the one holding the included file is meant.
# A folder may include itself and any folder listed before it. Folders of one library sit next to
# each other in the list, so this also keeps every library linking only downward.
cmake_minimum_required(VERSION 3.25)

string(REPLACE "," ";" LAYERS "${LAYERS}")
set(rank 0)
foreach(layer IN LISTS LAYERS)
    set(rank_of_${layer} ${rank})
    math(EXPR rank "${rank} + 1")
    if(layer STREQUAL "cli" OR layer MATCHES "^ui/")
        set(folder_of_${layer} "${SOURCE_DIR}/${layer}")
    else()
        set(folder_of_${layer} "${SOURCE_DIR}/core/${layer}")
    endif()
    get_filename_component(name "${layer}" NAME)
    list(APPEND layers_named_${name} ${layer})
endforeach()

set(violations "")
foreach(layer IN LISTS LAYERS)
    file(GLOB sources "${folder_of_${layer}}/*.cpp" "${folder_of_${layer}}/*.h")
    foreach(source IN LISTS sources)
        file(STRINGS "${source}" includes REGEX "^#include \"[a-z]+/")
        foreach(line IN LISTS includes)
            string(REGEX REPLACE "^#include \"([a-z]+)/([^\"]*)\".*" "\\1;\\2" parts "${line}")
            list(GET parts 0 name)
            list(GET parts 1 file)
            if(NOT DEFINED layers_named_${name})
                continue() # not a layered folder (Qt, the standard library, tests)
            endif()
            list(GET layers_named_${name} 0 target)
            foreach(candidate IN LISTS layers_named_${name})
                if(EXISTS "${folder_of_${candidate}}/${file}")
                    set(target ${candidate})
                    break()
                endif()
            endforeach()
            if(rank_of_${target} GREATER rank_of_${layer})
                file(RELATIVE_PATH shown "${SOURCE_DIR}" "${source}")
                string(APPEND violations
                    "  ${shown}: '${layer}' may not include '${target}' (a higher layer): ${line}\n")
            endif()
        endforeach()
    endforeach()
endforeach()

if(violations)
    message(FATAL_ERROR "Layering violation: a lower folder includes a higher one.\n"
        "Order, lowest first: ${LAYERS}\n${violations}"
        "Move the shared piece down (see docs/architecture.md), do not include upward.")
endif()
file(WRITE "${STAMP}" "ok\n")
