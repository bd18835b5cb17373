# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

clusterwiz_check_accelerator() { clusterwiz_skip "$TEXT_CPU_NO_ACCELERATOR"; }
