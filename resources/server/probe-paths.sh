# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=sh
# shellcheck disable=SC2088,SC1083,SC1135 # the patterns match ~/, $HOME/ and ${HOME}/ as written, with no backslash
for cw_arg do
    cw_kind=${cw_arg%%:*}
    cw_path=${cw_arg#*:}
    case $cw_path in
    "~") cw_real=$HOME ;;
    "~/"* | "$"HOME/* | "$"{HOME}/*) cw_real=$HOME/${cw_path#*/} ;;
    *) cw_real=$cw_path ;;
    esac
    case $cw_kind in
    workdir) test -d "$cw_real" ;;
    writable) test -d "$cw_real" && test -w "$cw_real" ;;
    entry) test -e "$cw_real" ;;
    *) test -r "$cw_real" ;;
    esac && cw_v=yes || cw_v=no
    printf "%s %s %s\n" "$cw_kind" "$cw_v" "$cw_path"
done
