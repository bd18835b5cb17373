// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: cw::fuzz::containerJournal (FuzzEntries.h says what it covers).
#include "FuzzEntries.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cw::fuzz::containerJournal(QByteArrayView(data, qsizetype(size)));
    return 0;
}
