// SPDX-License-Identifier: GPL-3.0-or-later
// A run record's device samples, written bounded and read as hostile input (DeviceRecord.h).
#include "launch/DeviceRecord.h"

#include "model/JsonRead.h"
#include "model/Problem.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using Json = nlohmann::ordered_json;

// A reading no tool prints (1e12 MiB, W, °C or %) is not a reading.
constexpr double kLargestValue = 1e12;
// Seconds since the epoch: a server clock's time, not a number that overflows on the way.
constexpr qint64 kLatestTime = qint64(1) << 40;

Json optionalJson(const std::optional<double> &value)
{
    return value ? Json(*value) : Json(nullptr);
}

Json sampleToJson(const DeviceSampleSet &set)
{
    Json rows = Json::array();
    for (const DeviceSample &device : set.devices) {
        rows.push_back(
            Json::array({device.device, optionalJson(device.utilisationPercent),
                         optionalJson(device.memoryUsedMiB), optionalJson(device.memoryTotalMiB),
                         optionalJson(device.temperatureC), optionalJson(device.powerW),
                         device.health.left(kRecordHealthTextLimit).toStdString()}));
    }
    return Json{{"tool", set.tool.toStdString()},
                {"time", set.time},
                {"devices", rows},
                {"problem", set.problem.left(kRecordSampleTextLimit).toStdString()}};
}

// Throws nothing: a problem is the first member that is off, named by its path.
class Reader {
public:
    QString problem;

    bool fail(const QString &path, const QString &why)
    {
        if (problem.isEmpty())
            problem = escapeControls(path + u": "_s + why);
        return false;
    }

    bool value(const Json &json, const QString &path, std::optional<double> &out)
    {
        if (json.is_null())
            return true;
        if (!json.is_number())
            return fail(path, u"must be a number or null, not "_s + jsonTypeName(json));
        const double value = json.get<double>();
        if (!std::isfinite(value) || value < 0 || value > kLargestValue)
            return fail(path, u"%1 is out of range"_s.arg(value));
        out = value;
        return true;
    }

    bool text(const Json &json, const QString &path, int limit, QString &out)
    {
        if (json.is_null())
            return true;
        if (!json.is_string())
            return fail(path, u"must be a string, not "_s + jsonTypeName(json));
        out =
            escapeControls(QString::fromStdString(json.get<std::string>()).left(limit)).left(limit);
        return true;
    }

    bool device(const Json &row, const QString &path, DeviceSample &out)
    {
        if (!row.is_array() || row.size() != 7)
            return fail(path, u"must be an array of 7 values"_s);
        int index = -1;
        if (const JsonInt got = jsonToInt(row[0], index, -1); got != JsonInt::Ok)
            return fail(path + u"[0]"_s, jsonIntProblem(row[0], got));
        out.device = index;
        return value(row[1], path + u"[1]"_s, out.utilisationPercent) &&
               value(row[2], path + u"[2]"_s, out.memoryUsedMiB) &&
               value(row[3], path + u"[3]"_s, out.memoryTotalMiB) &&
               value(row[4], path + u"[4]"_s, out.temperatureC) &&
               value(row[5], path + u"[5]"_s, out.powerW) &&
               text(row[6], path + u"[6]"_s, kRecordHealthTextLimit, out.health);
    }

    bool sample(const Json &json, const QString &path, int &readings, DeviceSampleSet &out)
    {
        if (!json.is_object())
            return fail(path, u"must be an object, not "_s + jsonTypeName(json));
        const auto tool = json.find("tool");
        if (tool == json.end() || !tool->is_string())
            return fail(path + u".tool"_s, u"must be a string"_s);
        out.tool = QString::fromStdString(tool->get<std::string>());
        if (out.tool != u"nvidia"_s && out.tool != u"npu"_s && out.tool != u"cpu"_s)
            return fail(path + u".tool"_s, u"\"%1\" is not a sample tool"_s.arg(out.tool.left(16)));
        const auto time = json.find("time");
        if (time == json.end() || !time->is_number_integer() || time->get<qint64>() < 0 ||
            time->get<qint64>() > kLatestTime ||
            (time->is_number_unsigned() && time->get<quint64>() > quint64(kLatestTime)))
            return fail(path + u".time"_s, u"must be seconds since the epoch"_s);
        out.time = time->get<qint64>();
        if (const auto problem = json.find("problem"); problem != json.end()) {
            if (!text(*problem, path + u".problem"_s, kRecordSampleTextLimit, out.problem))
                return false;
        }
        const auto devices = json.find("devices");
        if (devices == json.end() || !devices->is_array())
            return fail(path + u".devices"_s, u"must be an array"_s);
        if (devices->size() > size_t(kMaxDevices))
            return fail(path + u".devices"_s, u"more than %1 devices"_s.arg(kMaxDevices));
        readings += int(devices->size());
        if (readings > kRecordReadingsKept)
            return fail(path + u".devices"_s,
                        u"more than %1 readings in all"_s.arg(kRecordReadingsKept));
        out.devices.resize(devices->size());
        for (size_t i = 0; i < devices->size(); ++i) {
            if (!device((*devices)[i], path + u".devices[%1]"_s.arg(i), out.devices[i]))
                return false;
        }
        return true;
    }
};

} // namespace

Json deviceHistoryToJson(const DeviceHistory &history, const std::vector<QString> &names)
{
    const int servers = std::min(history.servers(), int(names.size()));
    // As many of the newest samples per server as the bound on readings allows for all.
    qint64 perSample = 0;
    for (int server = 0; server < servers; ++server) {
        if (const DeviceSampleSet *newest = history.newest(server))
            perSample += std::max<qint64>(1, qint64(newest->devices.size()));
    }
    const int keep = int(std::clamp<qint64>(kRecordReadingsKept / std::max<qint64>(1, perSample), 1,
                                            kRecordSamplesKept));
    Json array = Json::array();
    int readings = 0;
    for (int server = 0; server < servers; ++server) {
        const auto &samples = history.of(server);
        Json kept = Json::array();
        const size_t first = samples.size() > size_t(keep) ? samples.size() - size_t(keep) : 0;
        for (size_t i = first; i < samples.size(); ++i) {
            const int count = int(std::min(samples[i].devices.size(), size_t(kMaxDevices)));
            if (readings + count > kRecordReadingsKept)
                break;
            readings += count;
            DeviceSampleSet bounded = samples[i];
            bounded.devices.resize(size_t(count));
            kept.push_back(sampleToJson(bounded));
        }
        array.push_back(Json{{"server", names[size_t(server)].toStdString()}, {"samples", kept}});
    }
    return array;
}

DeviceHistory deviceHistoryFromJson(const Json &array, const std::vector<QString> &names,
                                    QString *problem)
{
    const int servers = int(names.size());
    DeviceHistory history(servers);
    Reader reader;
    const auto done = [&](bool ok) {
        if (problem)
            *problem = reader.problem;
        return ok ? history : DeviceHistory(servers);
    };
    if (!array.is_array()) {
        reader.fail(u"devices"_s, u"must be an array, not "_s + jsonTypeName(array));
        return done(false);
    }
    if (array.size() > names.size()) {
        reader.fail(u"devices"_s, u"has %1 servers, the run %2"_s.arg(array.size()).arg(servers));
        return done(false);
    }
    int readings = 0;
    for (size_t server = 0; server < array.size(); ++server) {
        const QString path = u"devices[%1]"_s.arg(server);
        const Json &entry = array[server];
        if (!entry.is_object()) {
            reader.fail(path, u"must be an object, not "_s + jsonTypeName(entry));
            return done(false);
        }
        const auto name = entry.find("server");
        if (name == entry.end() || !name->is_string() ||
            QString::fromStdString(name->get<std::string>()) != names[server]) {
            reader.fail(path + u".server"_s, u"must be \"%1\""_s.arg(names[server]));
            return done(false);
        }
        const auto samples = entry.find("samples");
        if (samples == entry.end() || !samples->is_array()) {
            reader.fail(path + u".samples"_s, u"must be an array"_s);
            return done(false);
        }
        if (samples->size() > size_t(kRecordSamplesKept)) {
            reader.fail(path + u".samples"_s, u"more than %1 samples"_s.arg(kRecordSamplesKept));
            return done(false);
        }
        for (size_t i = 0; i < samples->size(); ++i) {
            DeviceSampleSet set;
            if (!reader.sample((*samples)[i], path + u".samples[%1]"_s.arg(i), readings, set))
                return done(false);
            history.add(int(server), std::move(set));
        }
    }
    return done(true);
}

} // namespace cw

namespace cw {

DeviceHistory reorderDeviceHistory(const DeviceHistory &history, const std::vector<QString> &from,
                                   const std::vector<QString> &to)
{
    DeviceHistory reordered(int(to.size()));
    for (size_t target = 0; target < to.size(); ++target) {
        const auto found = std::find(from.begin(), from.end(), to[target]);
        if (found == from.end())
            continue;
        for (const DeviceSampleSet &set : history.of(int(found - from.begin())))
            reordered.add(int(target), set);
    }
    return reordered;
}

} // namespace cw
