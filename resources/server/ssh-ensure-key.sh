# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
umask 077
mkdir -p ~/.ssh
for f in id_ed25519 id_ecdsa id_rsa; do
    if [ -f ~/.ssh/$f ] && [ -f ~/.ssh/$f.pub ]; then head -n 1 ~/.ssh/$f.pub; exit 0; fi
done
ssh-keygen -q -t ed25519 -N '' -C clusterwiz -f ~/.ssh/id_ed25519 </dev/null >/dev/null
head -n 1 ~/.ssh/id_ed25519.pub