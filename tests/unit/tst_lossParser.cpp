// SPDX-License-Identifier: GPL-3.0-or-later
// parseLoss: the loss formats training scripts print, and lines that only look like them.
#include "logs/LossParser.h"

#include <QElapsedTimer>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class TestLossParser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("found");
        QTest::addColumn<int>("step");
        QTest::addColumn<double>("loss");
        auto yes = [](const char *name, const QString &line, int step, double loss) {
            QTest::newRow(name) << line << true << step << loss;
        };
        auto no = [](const char *name, const QString &line) {
            QTest::newRow(name) << line << false << -1 << 0.0;
        };
        yes("equals", u"loss = 0.123"_s, -1, 0.123);
        yes("is", u"loss is 0.123"_s, -1, 0.123);
        yes("colon", u"loss: 0.123"_s, -1, 0.123);
        yes("exponent", u"Loss=1.2e-3"_s, -1, 1.2e-3);
        yes("step first", u"step 12 loss = 0.5"_s, 12, 0.5);
        yes("epoch step", u"epoch 1 step 40 lr 0.01 loss: 0.33"_s, 40, 0.33);
        yes("dict", u"{'epoch': 2, 'loss': 0.5, 'step': 7}"_s, 7, 0.5);
        yes("json", u"{\"loss\": 2.25, \"global_step\": 300}"_s, 300, 2.25);
        yes("step after", u"loss=1.5 at step=9"_s, 9, 1.5);
        yes("step slash", u"[step 12/1000] loss 3.25"_s, 12, 3.25);
        yes("iteration", u"iteration: 5 | loss: 1"_s, 5, 1.0);
        yes("upper", u"LOSS IS 4"_s, -1, 4.0);
        yes("negative", u"loss = -0.25"_s, -1, -0.25);
        yes("tensor", u"loss: tensor(0.6931, grad_fn=<NllLossBackward0>)"_s, -1, 0.6931);
        yes("train_loss", u"train_loss=0.75"_s, -1, 0.75);
        yes("val after train", u"val_loss=9 loss=0.1"_s, -1, 0.1);
        yes("comma after", u"rank 3: loss = 0.5, acc = 0.9"_s, -1, 0.5);
        yes("tabs", u"loss\t:\t0.5"_s, -1, 0.5);
        yes("prefix text", u"[server1:9] 2024-01-01 12:00 INFO loss = 0.42"_s, -1, 0.42);
        yes("stepless word", u"steps 5 loss 1"_s, -1, 1.0);
        no("empty", QString());
        no("no number", u"loss = "_s);
        no("val_loss", u"val_loss = 0.3"_s);
        no("eval_loss", u"eval_loss: 0.3"_s);
        no("losses", u"losses: 0.3"_s);
        no("loss_scale", u"loss_scale = 65536"_s);
        no("nan", u"loss = nan"_s);
        no("inf", u"loss = inf"_s);
        no("overflow", u"loss = 1e999"_s);
        no("word after number", u"loss = 5abc"_s);
        no("glued", u"lossy = 0.3"_s);
        no("words", u"loss is not a number"_s);
        no("injection", u"loss = $(rm -rf /)"_s);
        no("quotes", u"loss = '0.5'"_s);
        no("long digits", u"loss = "_s + QString(200, u'9'));
        no("unicode digits", u"loss = \u0661\u0662"_s);
        no("newline", u"loss =\n0.5"_s);
    }

    void parse()
    {
        QFETCH(QString, line);
        QFETCH(bool, found);
        const std::optional<LossPoint> point = parseLoss(line);
        QCOMPARE(point.has_value(), found);
        if (found) {
            QTEST(point->step, "step");
            QTEST(point->loss, "loss");
        }
    }

    // Not a timing assertion (benchmarks measure speed): a sanity check that a hostile line of
    // many "loss" words stays linear enough to finish, plus QBENCHMARK figures with -v.
    void manyMentions()
    {
        const QString line = QString(u"lossloss "_s).repeated(10000) + u"loss = 1"_s;
        const std::optional<LossPoint> point = parseLoss(line);
        QVERIFY(point.has_value());
        QCOMPARE(point->loss, 1.0);
    }

    void throughput()
    {
        const QString hit = u"epoch 3 step 1200 lr 0.0001 loss = 0.123456 grad_norm 1.5"_s;
        const QString miss = u"[rank 3] INFO torch.distributed: all reduce took 12 ms"_s;
        QBENCHMARK
        {
            for (int i = 0; i < 1000; ++i) {
                QVERIFY(parseLoss(hit).has_value());
                QVERIFY(!parseLoss(miss).has_value());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestLossParser)
#include "tst_lossParser.moc"
