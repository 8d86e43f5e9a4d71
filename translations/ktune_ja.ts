<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>kt::gui::DeviceDetailsWidget</name>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="19"/>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="20"/>
        <source>Vendor</source>
        <translation>ベンダー</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="21"/>
        <source>Type</source>
        <translation>種類</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="22"/>
        <source>Backend</source>
        <translation>バックエンド</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="23"/>
        <source>Platform</source>
        <translation>プラットフォーム</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="24"/>
        <source>Device index</source>
        <translation>デバイス番号</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="25"/>
        <source>Stable id</source>
        <translation>固定 ID</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="26"/>
        <source>Driver version</source>
        <translation>ドライバのバージョン</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="27"/>
        <source>Runtime version</source>
        <translation>ランタイムのバージョン</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="28"/>
        <source>Compute units</source>
        <translation>演算ユニット数</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="29"/>
        <source>Clock</source>
        <translation>クロック</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="30"/>
        <source>Global memory</source>
        <translation>グローバルメモリ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="31"/>
        <source>Local memory</source>
        <translation>ローカルメモリ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="32"/>
        <source>Max. allocation</source>
        <translation>最大割り当てサイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="33"/>
        <source>Max. work-group size</source>
        <translation>最大ワークグループサイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="34"/>
        <source>Max. work-item sizes</source>
        <translation>最大ワークアイテムサイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="35"/>
        <source>Double precision (fp64)</source>
        <translation>倍精度（fp64）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="36"/>
        <source>64-bit atomics</source>
        <translation>64 ビットアトミック</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="37"/>
        <source>Compute capability</source>
        <translation>Compute Capability</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="40"/>
        <source>Copy bandwidth</source>
        <translation>コピー帯域幅</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="41"/>
        <source>fp32 peak</source>
        <translation>fp32 ピーク性能</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="42"/>
        <source>fp64 peak</source>
        <translation>fp64 ピーク性能</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="43"/>
        <source>Measured at</source>
        <translation>測定日時</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="137"/>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="138"/>
        <source>Measured profile</source>
        <translation>測定プロファイル</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="139"/>
        <source>%1:</source>
        <translation>%1：</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="149"/>
        <source>No device selected</source>
        <translation>デバイスが選択されていません</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="150"/>
        <source>Select a device in the tree to see its properties.</source>
        <translation>ツリーでデバイスを選択すると、そのプロパティが表示されます。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="154"/>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="165"/>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="170"/>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="160"/>
        <source>%1 (index %2)</source>
        <translation>%1（インデックス %2）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="183"/>
        <source>Measured by the profile microbenchmarks.</source>
        <translation>プロファイル用マイクロベンチマークで測定しました。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="189"/>
        <source>Not measured yet.</source>
        <translation>まだ測定されていません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="192"/>
        <source>Profiling…</source>
        <translation>プロファイル中…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="192"/>
        <source>Profile again</source>
        <translation>再プロファイル</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="192"/>
        <source>Profile</source>
        <translation>プロファイル</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="195"/>
        <source>Measure copy bandwidth and fp32/fp64 peak rates on a worker thread.</source>
        <translation>ワーカースレッドでコピー帯域幅と fp32/fp64 のピーク性能を測定します。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="196"/>
        <source>This build has no device profiler yet (kernels/profile).</source>
        <translation>このビルドにはまだデバイスプロファイラ（kernels/profile）がありません。</translation>
    </message>
</context>
<context>
    <name>kt::gui::DeviceTreeModel</name>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="167"/>
        <source>OpenCL</source>
        <translation>OpenCL</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="168"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="169"/>
        <source>Simulated</source>
        <translation>シミュレーション</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="176"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="177"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="178"/>
        <source>Accelerator</source>
        <translation>アクセラレータ</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="179"/>
        <source>Other</source>
        <translation>その他</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="186"/>
        <source>%1 (stored in %2)</source>
        <translation>%1（%2 に保存）</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="195"/>
        <source>%1 — unavailable: %2</source>
        <translation>%1 — 利用不可: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="196"/>
        <source>%1 — some devices were left out</source>
        <translation>%1 — 一部のデバイスを除外しました</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="197"/>
        <source>%1 — no devices</source>
        <translation>%1 — デバイスなし</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="200"/>
        <source>Platform %1</source>
        <translation>プラットフォーム %1</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="203"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/models/device_tree_model.cpp" line="214"/>
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n 台のデバイス</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="218"/>
        <source>Platform index %1</source>
        <translation>プラットフォーム番号 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="246"/>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
</context>
<context>
    <name>kt::gui::DevicesPage</name>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="76"/>
        <source>Profiling %1…</source>
        <translation>%1 をプロファイル中…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="109"/>
        <source>Profiled %1.</source>
        <translation>%1 のプロファイルが完了しました。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="81"/>
        <source>Profiling %1 failed: %2</source>
        <translation>%1 のプロファイルに失敗しました: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="89"/>
        <source>Profile of %1 saved to %2.</source>
        <translation>%1 のプロファイルを %2 に保存しました。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="93"/>
        <source>Results database %1: %2</source>
        <translation>結果データベース %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="175"/>
        <source>Enumerating devices…</source>
        <translation>デバイスを列挙中…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="179"/>
        <source>Device enumeration failed: %1</source>
        <translation>デバイスの列挙に失敗しました: %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/devices_page.cpp" line="183"/>
        <source>%n device(s) found in %1 ms.</source>
        <translation>
            <numerusform>%1 ミリ秒で %n 台のデバイスが見つかりました。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="194"/>
        <source>Refresh</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="195"/>
        <source>Enumerate the devices again</source>
        <translation>デバイスを再度列挙します</translation>
    </message>
</context>
<context>
    <name>kt::gui::Format</name>
    <message>
        <location filename="../app/gui/format.cpp" line="11"/>
        <location filename="../app/gui/format.cpp" line="26"/>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="24"/>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="24"/>
        <source>no</source>
        <translation>いいえ</translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="26"/>
        <source>%1 MHz</source>
        <translation>%1 MHz</translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="28"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="31"/>
        <source>%1 GFlop/s</source>
        <translation>%1 GFlop/s</translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="31"/>
        <source>not supported</source>
        <translation>非対応</translation>
    </message>
</context>
<context>
    <name>kt::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="126"/>
        <source>KernelTune Workbench</source>
        <translation>KernelTune ワークベンチ</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="127"/>
        <source>Devices</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="128"/>
        <source>Tune</source>
        <translation>チューニング</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="129"/>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="130"/>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="131"/>
        <source>&amp;Tools</source>
        <translation>ツール(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="132"/>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="133"/>
        <source>&amp;Open database…</source>
        <translation>データベースを開く(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="134"/>
        <source>Choose the SQLite file that holds tuning results</source>
        <translation>チューニング結果を保存する SQLite ファイルを選択します</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="135"/>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="137"/>
        <source>&amp;Refresh devices</source>
        <translation>デバイスを再読み込み(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="138"/>
        <source>&amp;Status bar</source>
        <translation>ステータスバー(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="139"/>
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="140"/>
        <source>&amp;About KernelTune</source>
        <translation>KernelTune について(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="141"/>
        <source>About &amp;Qt</source>
        <translation>Qt について(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="147"/>
        <source>Database: %1</source>
        <translation>データベース: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="148"/>
        <source>Database: %1 (not created yet)</source>
        <translation>データベース: %1（未作成）</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="157"/>
        <source>Results database: %1</source>
        <translation>結果データベース: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="161"/>
        <source>Open results database</source>
        <translation>結果データベースを開く</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="162"/>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation>SQLite データベース (*.sqlite *.db);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="182"/>
        <source>About KernelTune</source>
        <translation>KernelTune について</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="183"/>
        <source>&lt;h3&gt;KernelTune %1&lt;/h3&gt;&lt;p&gt;A workbench for auto-tuning GPU kernels (GEMM, BLAS3, batched GEMM, SYMV) on OpenCL and CUDA devices: explore parameter spaces, measure and verify candidates, fit performance over problem sizes and derive dispatch rules.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;KernelTune %1&lt;/h3&gt;&lt;p&gt;OpenCL および CUDA デバイス上で GPU カーネル（GEMM、BLAS3、バッチ GEMM、SYMV）を自動チューニングするワークベンチです。パラメータ空間を探索し、候補を測定・検証し、問題サイズに対する性能をフィッティングして、ディスパッチ規則を導出します。&lt;/p&gt;&lt;p&gt;Qt %2 でビルドされています。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>kt::gui::ProfileService</name>
    <message>
        <location filename="../app/gui/services/profile_service.cpp" line="43"/>
        <source>cancelled</source>
        <translation>キャンセルされました</translation>
    </message>
</context>
<context>
    <name>kt::gui::SettingsDialog</name>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="50"/>
        <source>Results database</source>
        <translation>結果データベース</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="51"/>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation>SQLite データベース (*.sqlite *.db);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="75"/>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="76"/>
        <source>Language:</source>
        <translation>言語：</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="77"/>
        <source>System default</source>
        <translation>システムの既定</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="78"/>
        <source>The interface switches language immediately; texts computed by the libraries (family descriptions, error messages) stay in English.</source>
        <translation>インターフェースの言語はすぐに切り替わります。ライブラリが生成するテキスト（ファミリーの説明、エラーメッセージ）は英語のままです。</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="80"/>
        <source>Results database:</source>
        <translation>結果データベース：</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="81"/>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="82"/>
        <source>Default</source>
        <translation>既定</translation>
    </message>
</context>
<context>
    <name>kt::gui::TunePage</name>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="108"/>
        <source>No kernel families are registered in this build.</source>
        <translation>このビルドにはカーネルファミリーが登録されていません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="111"/>
        <source>Select a device on the Devices page: constraints depend on the device&apos;s limits.</source>
        <translation>「デバイス」ページでデバイスを選択してください。制約はデバイスの上限値に依存します。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="126"/>
        <source>Name: %1 · Metric: %2 · Size dimensions: %3</source>
        <translation>名前: %1 · 指標: %2 · サイズの次元: %3</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="154"/>
        <source>The family&apos;s parameter space could not be built for this device: %1</source>
        <translation>このデバイス用のファミリーのパラメータ空間を構築できませんでした: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="185"/>
        <source>The constraints could not be evaluated: %1</source>
        <translation>制約を評価できませんでした: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="194"/>
        <source>Valid variants: counting… (of %1 combinations)</source>
        <translation>有効なバリアント: 計数中…（全 %1 通り）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="196"/>
        <source>Valid variants: %1 of %2 combinations</source>
        <translation>有効なバリアント: %2 通り中 %1 通り</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="208"/>
        <source>Parameters</source>
        <translation>パラメータ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="209"/>
        <source>Constraints</source>
        <translation>制約</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="210"/>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="210"/>
        <source>Values</source>
        <translation>値</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="210"/>
        <source>Description</source>
        <translation>説明</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="211"/>
        <source>Expression</source>
        <translation>式</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="211"/>
        <source>Why</source>
        <translation>理由</translation>
    </message>
</context>
</TS>
