// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/TarGz.h"

#include <array>
#include <cstdint>
#include <cstring>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kBlock = 512;
constexpr int kRecord = 20 * kBlock; // GNU tar's default blocking factor

// Writes `value` as zero-padded octal filling `width - 1` characters plus a NUL.
void putOctal(char *field, int width, quint64 value)
{
    for (int i = width - 2; i >= 0; --i) {
        field[i] = static_cast<char>('0' + (value & 7u));
        value >>= 3;
    }
    field[width - 1] = '\0';
}

// Splits a path into ustar's prefix (<= 155 bytes) and name (<= 100 bytes) at a '/'.
bool splitName(const QByteArray &path, QByteArray *prefix, QByteArray *name)
{
    if (path.size() <= 100) {
        *prefix = {};
        *name = path;
        return true;
    }
    for (qsizetype slash = path.lastIndexOf('/'); slash > 0;
         slash = path.lastIndexOf('/', slash - 1)) {
        if (slash <= 155 && path.size() - slash - 1 <= 100 && path.size() - slash - 1 > 0) {
            *prefix = path.left(slash);
            *name = path.mid(slash + 1);
            return true;
        }
    }
    return false;
}

QString appendEntry(QByteArray *tar, const QString &path, bool directory, int mode,
                    const QByteArray &content)
{
    QByteArray prefix, name;
    if (!splitName(path.toUtf8(), &prefix, &name))
        return QStringLiteral("the path %1 is too long for a tar archive").arg(path);
    std::array<char, kBlock> header{};
    std::memcpy(header.data(), name.constData(), static_cast<size_t>(name.size()));
    putOctal(header.data() + 100, 8, static_cast<quint64>(mode));
    putOctal(header.data() + 108, 8, 0); // uid
    putOctal(header.data() + 116, 8, 0); // gid
    putOctal(header.data() + 124, 12, directory ? 0 : static_cast<quint64>(content.size()));
    putOctal(header.data() + 136, 12, 0); // mtime: the epoch
    header[156] = directory ? '5' : '0';
    std::memcpy(header.data() + 257, "ustar", 6); // magic with its NUL
    std::memcpy(header.data() + 263, "00", 2);    // version
    putOctal(header.data() + 329, 8, 0);          // devmajor
    putOctal(header.data() + 337, 8, 0);          // devminor
    std::memcpy(header.data() + 345, prefix.constData(), static_cast<size_t>(prefix.size()));
    // The checksum is computed with its own field read as eight spaces.
    std::memset(header.data() + 148, ' ', 8);
    quint32 sum = 0;
    for (char c : header)
        sum += static_cast<unsigned char>(c);
    putOctal(header.data() + 148, 7, sum);
    header[155] = ' ';
    tar->append(header.data(), kBlock);
    if (!directory) {
        tar->append(content);
        const qsizetype padding = (kBlock - content.size() % kBlock) % kBlock;
        tar->append(QByteArray(padding, '\0'));
    }
    return {};
}

quint32 crc32(const QByteArray &data)
{
    static const auto table = [] {
        std::array<quint32, 256> t{};
        for (quint32 n = 0; n < 256; ++n) {
            quint32 c = n;
            for (int k = 0; k < 8; ++k)
                c = (c & 1u) ? 0xedb88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    quint32 crc = 0xffffffffu;
    for (char byte : data)
        crc = table[(crc ^ static_cast<unsigned char>(byte)) & 0xffu] ^ (crc >> 8);
    return crc ^ 0xffffffffu;
}

void appendLittleEndian32(QByteArray *out, quint32 value)
{
    for (int i = 0; i < 4; ++i)
        out->append(static_cast<char>((value >> (8 * i)) & 0xffu));
}

// gzip (RFC 1952) around the deflate stream of qCompress(), which is zlib's format (RFC 1950):
// Qt's 4-byte length, a 2-byte zlib header, the raw deflate data, a 4-byte Adler-32. Qt ships
// zlib, so this needs no other library and no external gzip.
QString gzip(const QByteArray &data, QByteArray *out)
{
    const QByteArray zlib = qCompress(data, 9);
    if (zlib.size() < 4 + 2 + 4 || (static_cast<unsigned char>(zlib[4]) & 0x0fu) != 8 ||
        (static_cast<unsigned char>(zlib[5]) & 0x20u) != 0)
        return QStringLiteral("compression failed");
    out->clear();
    // Magic, deflate, no flags (no name), mtime 0, maximum compression, Unix.
    const char header[10] = {'\x1f', '\x8b', '\x08', '\x00', '\x00',
                             '\x00', '\x00', '\x00', '\x02', '\x03'};
    out->append(header, sizeof header);
    out->append(zlib.constData() + 6, zlib.size() - 6 - 4);
    appendLittleEndian32(out, crc32(data));
    appendLittleEndian32(out, static_cast<quint32>(data.size() & 0xffffffffu));
    return {};
}

} // namespace

QString buildTarGz(const std::vector<GeneratedFile> &files, const QString &topFolder,
                   QByteArray *archive)
{
    if (topFolder.isEmpty() || topFolder.contains(u'/') || topFolder == u"." ||
        topFolder == u".." || topFolder.contains(QChar(u'\0')))
        return QStringLiteral("\"%1\" is not a folder name for the archive").arg(topFolder);
    QByteArray tar;
    if (QString error = appendEntry(&tar, topFolder + u'/', true, 0755, {}); !error.isEmpty())
        return error;
    for (const GeneratedFile &file : files) {
        if (file.name.isEmpty() || file.name.startsWith(u'/') ||
            file.name.split(u'/').contains(u".."_s))
            return QStringLiteral("\"%1\" is not a file name for the archive").arg(file.name);
        const QString error = appendEntry(&tar, topFolder + u'/' + file.name, false,
                                          file.secret ? (file.executable ? 0700 : 0600)
                                                      : (file.executable ? 0755 : 0644),
                                          file.content);
        if (!error.isEmpty())
            return error;
    }
    tar.append(QByteArray(2 * kBlock, '\0')); // end of archive
    tar.append(QByteArray((kRecord - tar.size() % kRecord) % kRecord, '\0'));
    return gzip(tar, archive);
}

} // namespace cw
