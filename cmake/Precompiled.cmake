# SPDX-License-Identifier: GPL-3.0-or-later
# Precompiled headers: Qt's and the standard library's headers, which nearly every file includes,
# are parsed once per build instead of once per file (about 1 to 2 CPU-seconds a file on 2 cores;
# docs/benchmarks.md, "Build time"). Four headers at most, one per kind of target (the core, its
# tests, the widgets, their tests); every other target reuses the one that fits it.
#
# Off by default when the build goes through ccache: ccache does not cache a compile that uses a
# precompiled header unless told to be sloppy about it, and a warm cache already saves more.

set(clusterwiz_pch_default ON)
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache")
    set(clusterwiz_pch_default OFF)
endif()
option(CLUSTERWIZ_PCH "Precompile the Qt and standard headers every file includes"
    ${clusterwiz_pch_default})

set(clusterwiz_pch_core_headers
    <QByteArray> <QDateTime> <QHash> <QList> <QObject> <QString> <QStringList> <QVariant>
    <algorithm> <functional> <map> <memory> <optional> <string> <utility> <vector>)
set(clusterwiz_pch_widget_headers
    <QAbstractItemModel> <QLabel> <QLayout> <QPainter> <QPushButton> <QWidget>)

# A target whose only job is to build one precompiled header for the targets like it.
function(clusterwiz_pch_target name)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "LINKS;HEADERS")
    set(source ${CMAKE_CURRENT_BINARY_DIR}/${name}.cpp)
    if(NOT EXISTS ${source})
        file(WRITE ${source} "// The precompiled header of ${name}: see cmake/Precompiled.cmake.\n")
    endif()
    add_library(${name} OBJECT ${source})
    set_target_properties(${name} PROPERTIES AUTOMOC OFF)
    target_link_libraries(${name} PRIVATE clusterwiz_common ${arg_LINKS})
    target_precompile_headers(${name} PRIVATE ${arg_HEADERS})
endfunction()

function(clusterwiz_collect_targets directory out)
    get_property(targets DIRECTORY ${directory} PROPERTY BUILDSYSTEM_TARGETS)
    get_property(subdirectories DIRECTORY ${directory} PROPERTY SUBDIRECTORIES)
    foreach(subdirectory IN LISTS subdirectories)
        clusterwiz_collect_targets(${subdirectory} more)
        list(APPEND targets ${more})
    endforeach()
    set(${out} ${targets} PARENT_SCOPE)
endfunction()

# The headers of the tests, made in tests/CMakeLists.txt: QTest's headers name the folder of the
# target they are compiled for (QT_TESTCASE_BUILDDIR), so the header must be built there too.
function(clusterwiz_test_precompiled_headers)
    if(NOT CLUSTERWIZ_PCH)
        return()
    endif()
    # QTest's header includes its network and widget parts when QT_NETWORK_LIB / QT_WIDGETS_LIB
    # are defined, as they are for the tests (the core links Qt Network): link the same here.
    clusterwiz_pch_target(clusterwiz_pch_test LINKS Qt6::Network Qt6::Test
        HEADERS ${clusterwiz_pch_core_headers} <QTest>)
    if(CLUSTERWIZ_BUILD_GUI)
        clusterwiz_pch_target(clusterwiz_pch_gui_test LINKS Qt6::Network Qt6::Widgets Qt6::Test
            HEADERS ${clusterwiz_pch_core_headers} ${clusterwiz_pch_widget_headers} <QTest>)
    endif()
endfunction()

# Called once at the end of the top-level CMakeLists.txt, when every target exists.
function(clusterwiz_use_precompiled_headers)
    if(NOT CLUSTERWIZ_PCH)
        return()
    endif()
    clusterwiz_collect_targets(${CMAKE_SOURCE_DIR} targets)
    clusterwiz_pch_target(clusterwiz_pch_core LINKS Qt6::Core HEADERS ${clusterwiz_pch_core_headers})
    if(CLUSTERWIZ_BUILD_GUI)
        clusterwiz_pch_target(clusterwiz_pch_widgets LINKS Qt6::Widgets
            HEADERS ${clusterwiz_pch_core_headers} ${clusterwiz_pch_widget_headers})
    endif()
    foreach(target IN LISTS targets)
        get_target_property(type ${target} TYPE)
        if(NOT type MATCHES "^(STATIC_LIBRARY|EXECUTABLE)$")
            continue()
        endif()
        get_target_property(links ${target} LINK_LIBRARIES)
        set(kind core)
        if(links MATCHES "clusterwiz_ui|Qt6::Widgets")
            set(kind widgets)
        endif()
        if(links MATCHES "Qt6::Test")
            if(kind STREQUAL "widgets")
                set(kind gui_test)
            else()
                set(kind test)
            endif()
        endif()
        target_precompile_headers(${target} REUSE_FROM clusterwiz_pch_${kind})
    endforeach()
endfunction()
