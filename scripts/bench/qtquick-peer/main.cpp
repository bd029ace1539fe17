// The Qt Quick peer of `vitrine bench` (issue 34): draws the scene Vitrine exported (a JSON
// file written by Sources/VitrineBench/QtQuickScene.swift) with Qt Quick's software scene
// graph on the offscreen platform, at the positions Vitrine's gesture reached frame by frame,
// and prints the CPU time each frame took to render.
//
//   qtquick-peer SCENE.json [--passes N] [--snapshot FRAME OUT.png]
//
// Output: one line per timed frame, "frame<TAB>pass<TAB>render ms<TAB>copy ms". The first pass
// is a warm-up (glyphs, images, delegates made for the first time) and is printed with pass 0.
//
// The copy: on a panel, Qt's linuxfb platform copies what each frame flushed from the window's
// backing store into the framebuffer (QFbScreen::doRedraw, then QLinuxFbScreen's blit: two
// copies). The offscreen platform copies nothing, so after each frame the peer copies the
// frame's damage as Vitrine's output did (the scene's "damage", Vitrine's own region for that
// frame) from a buffer of the window's size into a framebuffer of the same size, with the
// streaming stores Vitrine's output uses (CVitrineShims_streamCopy32): one copy, not two, and
// timed apart from the render.
//
// How a frame is rendered: the positions are set on the items (ListView.contentY, the pages'
// x, the sheet's y), then the window gets an UpdateRequest event, which the software render
// loop (QSGSoftwareRenderLoop::handleUpdateRequest) answers synchronously: polish (the
// ListView lays out and reuses delegates), sync, render of the dirty region into the window's
// backing store (a QImage on the offscreen platform, as on linuxfb), flush. Both steps are
// timed with the thread's CPU clock; no event loop runs between frames, so no wait is timed.
#include <QtCore/QCoreApplication>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QUrl>
#include <QtCore/QHash>
#include <QtGui/QFontDatabase>
#include <QtGui/QGuiApplication>
#include <QtGui/QImage>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickWindow>
#include <QtQuick/QSGRendererInterface>

#include <algorithm>
#include <cstdint>
#include <cstring>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

double threadMilliseconds() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

QString number(double v) { return QString::number(v, 'f', 3); }

// Rows copied with the streaming stores Vitrine's output uses (CVitrineShims_streamCopy32):
// 32 bytes a store where the CPU has AVX2, else 16 (SSE2, every x86-64), four to a loop turn;
// plain copies elsewhere. Written with intrinsics, not the shim's __builtin_nontemporal_store:
// the peer is built with g++, which has no such builtin (with it, this copy was a plain memcpy).
#if defined(__x86_64__)
__attribute__((target("avx2"))) void streamCopyAVX2(uint32_t *destination, const uint32_t *source, size_t count) {
    while (count > 0 && (reinterpret_cast<uintptr_t>(destination) & 31) != 0) {
        *destination++ = *source++;
        count--;
    }
    size_t i = 0;
    for (; i + 32 <= count; i += 32) {
        for (size_t k = 0; k < 32; k += 8)
            _mm256_stream_si256(reinterpret_cast<__m256i *>(destination + i + k),
                                _mm256_loadu_si256(reinterpret_cast<const __m256i *>(source + i + k)));
    }
    for (; i < count; i++) destination[i] = source[i];
    _mm_sfence();
}
#endif

void streamCopy(uint32_t *destination, const uint32_t *source, size_t count) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) {
        streamCopyAVX2(destination, source, count);
        return;
    }
    while (count > 0 && (reinterpret_cast<uintptr_t>(destination) & 15) != 0) {
        *destination++ = *source++;
        count--;
    }
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        for (size_t k = 0; k < 16; k += 4)
            _mm_stream_si128(reinterpret_cast<__m128i *>(destination + i + k), _mm_loadu_si128(reinterpret_cast<const __m128i *>(source + i + k)));
    }
    for (; i < count; i++) destination[i] = source[i];
    _mm_sfence();
#else
    memcpy(destination, source, count * sizeof(uint32_t));
#endif
}

// The frame's damage rectangles copied from `backing` into `framebuffer` (both width × height).
void copyDamage(const QJsonArray &rects, const uint32_t *backing, uint32_t *framebuffer, int width, int height) {
    for (const QJsonValue &value : rects) {
        const QJsonArray r = value.toArray();
        const int x = std::max(0, r[0].toInt()), y = std::max(0, r[1].toInt());
        const int w = std::min(width - x, r[2].toInt()), h = std::min(height - y, r[3].toInt());
        for (int row = y; row < y + h && w > 0; row++)
            streamCopy(framebuffer + size_t(row) * width + x, backing + size_t(row) * width + x, size_t(w));
    }
}

QString quoted(const QString &s) {
    QString out = "\"";
    for (QChar c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

QString geometry(const QJsonObject &e) {
    return QString("x: %1; y: %2; width: %3; height: %4; ")
        .arg(number(e["x"].toDouble()), number(e["y"].toDouble()), number(e["w"].toDouble()), number(e["h"].toDouble()));
}

QString opacity(const QJsonObject &e) { return e.contains("opacity") ? "opacity: " + number(e["opacity"].toDouble()) + "; " : QString(); }

/// One element of the exported tree as a QML item, as a Qt developer would write it by hand.
/// A text or image source given as "expr" is a JavaScript expression of the delegate's index.
QString item(const QJsonObject &e) {
    const QString type = e["type"].toString();
    if (type == "rect") {
        QString s = "Rectangle { " + geometry(e) + "color: " + quoted(e["color"].toString()) + "; ";
        if (e["radius"].toDouble() > 0) s += "radius: " + number(e["radius"].toDouble()) + "; ";
        if (e.contains("visible")) s += "visible: " + e["visible"].toString() + "; ";
        return s + opacity(e) + "}\n";
    }
    if (type == "text") {
        QString text = e.contains("expr") ? e["expr"].toString() : quoted(e["text"].toString());
        QString family = e["family"].toString();
        if (e.contains("fontFile")) {
            // A font file (the icon font): loaded once, used by its family name.
            static QHash<QString, QString> loaded;
            const QString path = e["fontFile"].toString();
            if (!loaded.contains(path)) loaded[path] = QFontDatabase::applicationFontFamilies(QFontDatabase::addApplicationFont(path)).value(0);
            family = loaded[path];
        }
        QString s = "Text { " + geometry(e) + "text: " + text + "; font.family: " + quoted(family) + "; font.pixelSize: " +
                    number(e["size"].toDouble()) + "; font.weight: " + QString::number(e["weight"].toInt()) +
                    "; color: " + quoted(e["color"].toString()) + "; ";
        if (e["tracking"].toDouble() != 0) s += "font.letterSpacing: " + number(e["tracking"].toDouble()) + "; ";
        const QString align = e["align"].toString();
        if (align == "right") s += "horizontalAlignment: Text.AlignRight; ";
        if (align == "center") s += "horizontalAlignment: Text.AlignHCenter; ";
        s += e["centered"].toBool() ? "verticalAlignment: Text.AlignVCenter; " : "verticalAlignment: Text.AlignTop; ";
        // A text Vitrine laid out on one line stays on one (no wrap, no elision: the label is
        // as wide as Vitrine's line, and Qt's may be a pixel wider).
        if (e["lines"].toInt() != 1) s += "wrapMode: Text.WordWrap; ";
        if (e["lines"].toInt() > 1) s += "maximumLineCount: " + QString::number(e["lines"].toInt()) + "; elide: Text.ElideRight; ";
        if (e["lineHeight"].toDouble() > 0) s += "lineHeightMode: Text.FixedHeight; lineHeight: " + number(e["lineHeight"].toDouble()) + "; ";
        return s + opacity(e) + "}\n";
    }
    if (type == "image") {
        QString source = e.contains("expr") ? e["expr"].toString() : quoted(QUrl::fromLocalFile(e["source"].toString()).toString());
        // Cropped to fill, as Vitrine's ImageView .fill: PreserveAspectCrop with a clip. The
        // picture is decoded once at the size it is drawn (sourceSize), as Vitrine keeps it.
        return "Image { " + geometry(e) + "source: " + source + "; fillMode: Image.PreserveAspectCrop; clip: true; smooth: true; " +
               "sourceSize.width: " + number(e["w"].toDouble()) + "; sourceSize.height: " + number(e["h"].toDouble()) + "; " + opacity(e) + "}\n";
    }
    return QString();
}

QString items(const QJsonArray &elements) {
    QString s;
    for (const auto &e : elements) s += item(e.toObject());
    return s;
}

/// The QML document for the scene: its static elements and, by kind, the ListView, the two
/// pages or the sheet.
QString document(const QJsonObject &scene) {
    const QString kind = scene["kind"].toString();
    QString s = "import QtQuick\nItem {\n width: " + number(scene["width"].toDouble()) + "; height: " +
                number(scene["height"].toDouble()) + "\n";
    s += "Rectangle { anchors.fill: parent; color: " + quoted(scene["background"].toString()) + " }\n";
    if (kind == "list") {
        const QJsonObject list = scene["list"].toObject();
        s += items(scene["under"].toArray());
        s += "ListView { objectName: \"list\"; " + geometry(list) + "clip: true; reuseItems: true; interactive: false; cacheBuffer: " +
             number(list["cacheBuffer"].toDouble()) + "; model: " + QString::number(list["rows"].toInt()) + "\n";
        s += " header: Item { width: " + number(list["w"].toDouble()) + "; height: " + number(list["headerHeight"].toDouble()) +
             "\n" + items(list["header"].toArray()) + " }\n";
        s += " delegate: Item { required property int index; width: " + number(list["w"].toDouble()) + "; height: " +
             number(list["rowHeight"].toDouble()) + "\n" + items(list["row"].toArray()) + " }\n}\n";
        s += items(scene["over"].toArray());
    } else if (kind == "sheet") {
        s += items(scene["under"].toArray());
        const QJsonObject sheet = scene["sheet"].toObject();
        s += "Rectangle { objectName: \"dim\"; anchors.fill: parent; color: " + quoted(sheet["dim"].toString()) + " }\n";
        // Rounded top corners: a rounded rectangle whose bottom corners fall below the screen.
        s += "Item { objectName: \"sheet\"; x: " + number(sheet["x"].toDouble()) + "; width: " + number(sheet["w"].toDouble()) +
             "; height: " + number(sheet["h"].toDouble()) + "\n";
        s += " Rectangle { width: parent.width; height: parent.height + " + number(sheet["radius"].toDouble()) + "; radius: " +
             number(sheet["radius"].toDouble()) + "; color: " + quoted(sheet["color"].toString()) + " }\n";
        s += items(sheet["elements"].toArray()) + "}\n";
    } else {
        s += items(scene["under"].toArray());
    }
    return s + "}\n";
}

/// A page of the page slide: an Item holding the page's elements, made when first shown.
QString pageDocument(const QJsonObject &scene, int index) {
    const QJsonObject page = scene["pages"].toArray()[index].toObject();
    return "import QtQuick\nItem { y: " + number(page["y"].toDouble()) + "; width: " + number(page["w"].toDouble()) + "; height: " + number(page["h"].toDouble()) + "; clip: false\n" +
           "Rectangle { anchors.fill: parent; color: " + quoted(page["background"].toString()) + " }\n" +
           items(page["elements"].toArray()) + "}\n";
}

/// An item of the document: compiled once (as an application's QML is), instantiated each call
/// (as a StackView instantiates a pushed page's component).
QQuickItem *create(QQmlEngine &engine, const QString &source, const char *name) {
    static QHash<QString, QQmlComponent *> compiled;
    QQmlComponent *&component = compiled[name];
    if (!component) {
        component = new QQmlComponent(&engine);
        component->setData(source.toUtf8(), QUrl(QString("file:///vitrine-peer/") + name + ".qml"));
    }
    QObject *object = component->create();
    if (!object) {
        fprintf(stderr, "qtquick-peer: the %s document does not load:\n%s\n%s\n", name, qPrintable(component->errorString()),
                qPrintable(source.left(4000)));
        exit(2);
    }
    return qobject_cast<QQuickItem *>(object);
}

}  // namespace

int main(int argc, char **argv) {
    // The platform a kiosk without a compositor would use is linuxfb; offscreen is the same
    // QImage backing store without the device (see Docs/rendering.md, "The Qt Quick peer").
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("QT_QUICK_BACKEND", "software");
    qputenv("QT_ENABLE_HIGHDPI_SCALING", "0");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        // Qt wants one (mode 0700) and says so on stderr otherwise.
        QByteArray runtime = "/tmp/vitrine-qtquick-peer-" + QByteArray::number(getuid());
        mkdir(runtime.constData(), 0700);
        qputenv("XDG_RUNTIME_DIR", runtime);
    }
    QQuickWindow::setGraphicsApi(QSGRendererInterface::Software);
    QGuiApplication app(argc, argv);

    QStringList args = app.arguments();
    if (args.size() < 2) {
        fprintf(stderr, "usage: qtquick-peer SCENE.json [--passes N] [--snapshot FRAME OUT.png]\n");
        return 2;
    }
    int passes = 2;
    int snapshotFrame = -1;
    QString snapshotPath;
    for (int i = 2; i < args.size(); i++) {
        if (args[i] == "--passes" && i + 1 < args.size()) passes = args[++i].toInt();
        else if (args[i] == "--snapshot" && i + 2 < args.size()) {
            snapshotFrame = args[++i].toInt();
            snapshotPath = args[++i];
        }
    }
    QFile file(args[1]);
    if (!file.open(QIODevice::ReadOnly)) {
        fprintf(stderr, "qtquick-peer: cannot read %s\n", qPrintable(args[1]));
        return 2;
    }
    const QJsonObject scene = QJsonDocument::fromJson(file.readAll()).object();
    const QString kind = scene["kind"].toString();
    const QJsonArray frames = scene["frames"].toArray();
    const QJsonArray damage = scene["damage"].toArray();
    const int width = scene["width"].toInt();
    const int height = scene["height"].toInt();

    QQmlEngine engine;
    QQuickWindow window;
    window.resize(width, height);
    window.setColor(QColor(scene["background"].toString()));
    QQuickItem *root = create(engine, document(scene), "scene");
    root->setParentItem(window.contentItem());
    window.show();
    for (int i = 0; i < 20 && !window.isExposed(); i++) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    QCoreApplication::processEvents();

    // The backing store's twin and the framebuffer the damage is copied between.
    std::vector<uint32_t> backing(size_t(width) * height, 0xFFFFFFFF), framebuffer(size_t(width) * height, 0);

    QQuickItem *list = root->findChild<QQuickItem *>("list");
    QQuickItem *sheet = root->findChild<QQuickItem *>("sheet");
    QQuickItem *dim = root->findChild<QQuickItem *>("dim");
    std::unique_ptr<QQuickItem> pages[2];

    for (int pass = 0; pass < passes; pass++) {
        if (kind == "page") {
            // Each pass starts on the first page alone; the second is made at the push frame.
            pages[1].reset();
            if (!pages[0]) {
                pages[0].reset(create(engine, pageDocument(scene, 0), "first"));
                pages[0]->setParentItem(root);
            }
            pages[0]->setX(0);
        }
        if (list) list->setProperty("contentY", frames[0].toArray()[0].toDouble());
        QEvent warm(QEvent::UpdateRequest);
        QCoreApplication::sendEvent(&window, &warm);
        QCoreApplication::processEvents();

        for (int f = 0; f < frames.size(); f++) {
            const QJsonArray at = frames[f].toArray();
            const double start = threadMilliseconds();
            if (list) {
                list->setProperty("contentY", at[0].toDouble());
            } else if (kind == "page") {
                if (!pages[1]) {
                    pages[1].reset(create(engine, pageDocument(scene, 1), "second"));
                    pages[1]->setParentItem(root);
                }
                pages[0]->setX(at[0].toDouble());
                pages[1]->setX(at[1].toDouble());
            } else if (sheet) {
                sheet->setY(at[0].toDouble());
                dim->setOpacity(at[1].toDouble());
            }
            QEvent request(QEvent::UpdateRequest);
            QCoreApplication::sendEvent(&window, &request);
            const double spent = threadMilliseconds() - start;
            const double copyStart = threadMilliseconds();
            if (f < damage.size()) copyDamage(damage[f].toArray(), backing.data(), framebuffer.data(), width, height);
            const double copied = threadMilliseconds() - copyStart;
            printf("%d\t%d\t%.4f\t%.4f\n", f, pass, spent, copied);
            if (pass == passes - 1 && f == snapshotFrame) {
                QImage image = window.grabWindow();
                if (!image.save(snapshotPath)) fprintf(stderr, "qtquick-peer: cannot write %s\n", qPrintable(snapshotPath));
            }
        }
    }
    fflush(stdout);
    return 0;
}
