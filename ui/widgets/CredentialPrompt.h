// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ssh/SshSession.h"

class QWidget;

namespace cw {

// SSH credentials for a fleet run from the GUI: a key passphrase or a login password is asked
// in a dialog on the GUI thread while the asking worker thread waits. The answer lives only in
// the returned QByteArray for that one connection; nothing is kept or written anywhere. When
// `parent` is gone (the page closed) every question is answered "skip".
SshCredentials guiCredentials(QWidget *parent);

} // namespace cw
