<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>kt::gui::BenchPage</name>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="136"/>
        <source>Dispatch rule</source>
        <translation>ディスパッチ規則</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="137"/>
        <source>Rules (*.json);;All files (*)</source>
        <translation>規則 (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="144"/>
        <source>Save bench</source>
        <translation>ベンチ結果の保存</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="144"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/bench_page.cpp" line="149"/>
        <source>Running %n size(s)…</source>
        <translation>
            <numerusform>%n 個のサイズを実行中…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/bench_page.cpp" line="153"/>
        <source>Done: %n row(s).</source>
        <translation>
            <numerusform>完了: %n 行。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="160"/>
        <source>Bench failed: %1</source>
        <translation>ベンチ失敗: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="197"/>
        <source>No device that can run kernels.</source>
        <translation>カーネルを実行できるデバイスがありません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="205"/>
        <source>Choose a family.</source>
        <translation>ファミリを選んでください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="210"/>
        <source>Give the point key of a candidate (as `ktune best` prints it).</source>
        <translation>候補のポイントキーを入力してください（`ktune best` の表示形式）。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="221"/>
        <source>%1 has no variant &apos;%2&apos;.</source>
        <translation>%1 にバリアント「%2」はありません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="243"/>
        <source>A bench is already running.</source>
        <translation>ベンチはすでに実行中です。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="247"/>
        <source>Preparing…</source>
        <translation>準備中…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="273"/>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="273"/>
        <source>WRONG: %1</source>
        <translation>誤り: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="298"/>
        <source>ours</source>
        <translation>本ツール</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="299"/>
        <source>peer</source>
        <translation>ベンダ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="303"/>
        <source>size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="314"/>
        <source>Nothing to save yet.</source>
        <translation>保存する結果がまだありません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="320"/>
        <source>Cannot write %1.</source>
        <translation>%1 に書き込めません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="332"/>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="333"/>
        <source>Family</source>
        <translation>ファミリ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="334"/>
        <source>Candidates</source>
        <translation>候補</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="335"/>
        <source>One point</source>
        <translation>1 つのポイント</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="336"/>
        <source>Stored best per size</source>
        <translation>サイズごとの保存済み最良</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="337"/>
        <source>Top N at the largest stored size</source>
        <translation>最大保存サイズでの上位 N 個</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="338"/>
        <source>The papers&apos; kernels</source>
        <translation>論文のカーネル</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="339"/>
        <source>A dispatch rule</source>
        <translation>ディスパッチ規則</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="340"/>
        <source>point key, e.g. DOT_WG=64,DOT_WPT=4</source>
        <translation>ポイントキー（例: DOT_WG=64,DOT_WPT=4）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="341"/>
        <source>R.json from ktune rules</source>
        <translation>ktune rules が出力した R.json</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="342"/>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="343"/>
        <source>Sizes</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="344"/>
        <source>empty: the family&apos;s sizes (e.g. 1024,2048 or 256x256x128)</source>
        <translation>空欄: ファミリの既定サイズ（例: 1024,2048 または 256x256x128）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="345"/>
        <source>Variants</source>
        <translation>バリアント</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="346"/>
        <source>empty: all (e.g. nn,tn)</source>
        <translation>空欄: すべて（例: nn,tn）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="347"/>
        <source>Vendor library</source>
        <translation>ベンダライブラリ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="348"/>
        <source>cuBLAS or CLBlast (by backend)</source>
        <translation>cuBLAS または CLBlast（バックエンドによる）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="349"/>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="350"/>
        <source>Timed runs</source>
        <translation>計測回数</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="351"/>
        <source>Check against the reference</source>
        <translation>参照実装と照合</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="352"/>
        <source>Run bench</source>
        <translation>ベンチ実行</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="353"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="354"/>
        <source>Save JSON…</source>
        <translation>JSON を保存…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>Variant</source>
        <translation>バリアント</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>Candidate</source>
        <translation>候補</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>From</source>
        <translation>出所</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>Ours</source>
        <translation>本ツール</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="356"/>
        <source>Kernel alone</source>
        <translation>カーネル単体</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="356"/>
        <source>Peer</source>
        <translation>ベンダ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="356"/>
        <source>Ours / peer</source>
        <translation>本ツール / ベンダ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="356"/>
        <source>Check</source>
        <translation>検証</translation>
    </message>
</context>
<context>
    <name>kt::gui::BenchService</name>
    <message>
        <location filename="../app/gui/services/bench_service.cpp" line="45"/>
        <source>cancelled</source>
        <translation>キャンセルされました</translation>
    </message>
    <message>
        <location filename="../app/gui/services/bench_service.cpp" line="51"/>
        <source>peer results not stored: %1</source>
        <translation>ベンダの結果を保存できません: %1</translation>
    </message>
</context>
<context>
    <name>kt::gui::BestParametersModel</name>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="53"/>
        <source>Best (%1)</source>
        <translation>最高性能 (%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="54"/>
        <source>At size</source>
        <translation>達成サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="55"/>
        <source>Best peer (%1)</source>
        <translation>ベンダ最高 (%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="63"/>
        <source>no results</source>
        <translation>結果なし</translation>
    </message>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="116"/>
        <source>Parameter</source>
        <translation>パラメタ</translation>
    </message>
</context>
<context>
    <name>kt::gui::BoundLine</name>
    <message>
        <location filename="../app/gui/plots/plot_bound.cpp" line="21"/>
        <source>copy bandwidth %1 GB/s</source>
        <translation>コピー帯域幅 %1 GB/s</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/plot_bound.cpp" line="17"/>
        <source>FP64 peak %1 GFlop/s</source>
        <translation>FP64 ピーク %1 GFlop/s</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/plot_bound.cpp" line="15"/>
        <source>FP32 peak %1 GFlop/s</source>
        <translation>FP32 ピーク %1 GFlop/s</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/plot_bound.cpp" line="23"/>
        <source>copy bandwidth %1 GB/s × flops per byte</source>
        <translation>コピー帯域幅 %1 GB/s × バイトあたりの演算数</translation>
    </message>
</context>
<context>
    <name>kt::gui::CandidateScatterPlot</name>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="96"/>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="174"/>
        <source>(none)</source>
        <translation>（なし）</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="153"/>
        <source>candidates</source>
        <translation>候補</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="172"/>
        <source>Against:</source>
        <translation>横軸:</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="173"/>
        <source>Colour by:</source>
        <translation>色分け:</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="175"/>
        <source>Best %1 of each candidate</source>
        <translation>各候補の最高 %1</translation>
    </message>
</context>
<context>
    <name>kt::gui::ComparePage</name>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="140"/>
        <source>Reading the results database…</source>
        <translation>結果データベースを読み込み中…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="148"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 を読み込めません: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="217"/>
        <source>%1 (no results)</source>
        <translation>%1 (結果なし)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="220"/>
        <source>%1 — on this machine</source>
        <translation>%1 — このマシンのデバイス</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="221"/>
        <source>%1 — from the results database</source>
        <translation>%1 — 結果データベースから</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="276"/>
        <source>none measured</source>
        <translation>計測なし</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="276"/>
        <source>all</source>
        <translation>すべて</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="318"/>
        <source>%1 %2 · %3</source>
        <translation>%1 %2 · %3</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="363"/>
        <source>No successful measurements in this database yet: tune a family on one or more devices first.</source>
        <translation>このデータベースには成功した計測がまだありません。まず 1 台以上のデバイスでファミリーをチューニングしてください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="366"/>
        <source>Check one or more devices to compare.</source>
        <translation>比較するデバイスを 1 台以上チェックしてください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="368"/>
        <source>Solid: the fastest candidate at each size. Dashed: vendor libraries measured with `ktune bench`. The table shows the parameters of each device&apos;s fastest measured candidate.</source>
        <translation>実線: 各サイズで最速の候補。破線: `ktune bench` で計測したベンダライブラリ。表は各デバイスで計測された最速候補のパラメタを示します。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="373"/>
        <source>Solid: one candidate per device over all sizes (measured at the most sizes, highest mean). Dashed: vendor libraries. The table shows that candidate&apos;s parameters and its best value.</source>
        <translation>実線: デバイスごとに全サイズを通した一つの候補 (最も多くのサイズで計測され、平均が最も高いもの)。破線: ベンダライブラリ。表はその候補のパラメタと最高性能を示します。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="390"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="405"/>
        <source>Table copied (tab-separated).</source>
        <translation>表をコピーしました (タブ区切り)。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="411"/>
        <source>Export failed</source>
        <translation>エクスポートに失敗しました</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="416"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="417"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文書 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="418"/>
        <source>SVG images (*.svg)</source>
        <translation>SVG 画像 (*.svg)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="423"/>
        <source>Save plot</source>
        <translation>グラフを保存</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="432"/>
        <source>Plot saved to %1</source>
        <translation>グラフを %1 に保存しました</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="439"/>
        <source>Save table</source>
        <translation>表を保存</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="439"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="446"/>
        <source>Table saved to %1</source>
        <translation>表を %1 に保存しました</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="455"/>
        <source>Family:</source>
        <translation>ファミリー:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="456"/>
        <source>Curve:</source>
        <translation>曲線:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="457"/>
        <source>Best candidate per size</source>
        <translation>サイズごとの最良候補</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="458"/>
        <source>Best single candidate</source>
        <translation>単一の最良候補</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="459"/>
        <source>Per size: what a dispatch rule over several kernels reaches. Single: the one kernel that does best over all measured sizes.</source>
        <translation>サイズごと: 複数のカーネルを切り替えるディスパッチルールで到達できる性能。単一: 計測した全サイズを通して最も良い一つのカーネル。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="462"/>
        <source>Peer routine:</source>
        <translation>ベンダルーチン:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="463"/>
        <source>Vendor library results stored by `ktune bench` for this family (and its variants)</source>
        <translation>`ktune bench` が保存した、このファミリー (とその変種) のベンダライブラリの結果</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="465"/>
        <source>Export</source>
        <translation>エクスポート</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="466"/>
        <source>Plot as &amp;PNG…</source>
        <translation>グラフを PNG で保存(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="467"/>
        <source>Plot as P&amp;DF…</source>
        <translation>グラフを PDF で保存(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="468"/>
        <source>Plot as &amp;SVG…</source>
        <translation>グラフを SVG で保存(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="469"/>
        <source>Table as &amp;CSV…</source>
        <translation>表を CSV で保存(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="470"/>
        <source>&amp;Copy table</source>
        <translation>表をコピー(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="471"/>
        <source>Devices:</source>
        <translation>デバイス:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="472"/>
        <source>Best parameters per device</source>
        <translation>デバイスごとの最良パラメタ</translation>
    </message>
</context>
<context>
    <name>kt::gui::ComparisonPlot</name>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="142"/>
        <source>The plot could not be rendered.</source>
        <translation>グラフを描画できませんでした。</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="152"/>
        <source>Cannot save %1: %2</source>
        <translation>%1 を保存できません: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="157"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="179"/>
        <source>Problem size (%1)</source>
        <translation>問題サイズ (%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="180"/>
        <source>Problem size (geometric mean of %1)</source>
        <translation>問題サイズ (%1 の幾何平均)</translation>
    </message>
</context>
<context>
    <name>kt::gui::DeviceDetailsWidget</name>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="21"/>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="22"/>
        <source>Vendor</source>
        <translation>ベンダー</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="23"/>
        <source>Type</source>
        <translation>種類</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="24"/>
        <source>Backend</source>
        <translation>バックエンド</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="25"/>
        <source>Platform</source>
        <translation>プラットフォーム</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="26"/>
        <source>Device index</source>
        <translation>デバイス番号</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="27"/>
        <source>Stable id</source>
        <translation>固定 ID</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="28"/>
        <source>Replays</source>
        <translation>再生元</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="29"/>
        <source>Driver version</source>
        <translation>ドライバのバージョン</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="30"/>
        <source>Runtime version</source>
        <translation>ランタイムのバージョン</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="31"/>
        <source>Compute units</source>
        <translation>演算ユニット数</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="32"/>
        <source>Clock</source>
        <translation>クロック</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="33"/>
        <source>Global memory</source>
        <translation>グローバルメモリ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="34"/>
        <source>Local memory</source>
        <translation>ローカルメモリ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="35"/>
        <source>Max. allocation</source>
        <translation>最大割り当てサイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="36"/>
        <source>Max. work-group size</source>
        <translation>最大ワークグループサイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="37"/>
        <source>Max. work-item sizes</source>
        <translation>最大ワークアイテムサイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="38"/>
        <source>Double precision (fp64)</source>
        <translation>倍精度（fp64）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="39"/>
        <source>64-bit atomics</source>
        <translation>64 ビットアトミック</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="40"/>
        <source>Image reads</source>
        <translation>イメージ読み出し</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="41"/>
        <source>Compute capability</source>
        <translation>Compute Capability</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="44"/>
        <source>Copy bandwidth</source>
        <translation>コピー帯域幅</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="45"/>
        <source>fp32 peak</source>
        <translation>fp32 ピーク性能</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="46"/>
        <source>fp64 peak</source>
        <translation>fp64 ピーク性能</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="47"/>
        <source>Measured at</source>
        <translation>測定日時</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="167"/>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="168"/>
        <source>Measured profile</source>
        <translation>測定プロファイル</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="169"/>
        <source>%1:</source>
        <translation>%1：</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="180"/>
        <source>No device selected</source>
        <translation>デバイスが選択されていません</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="181"/>
        <source>Select a device in the tree to see its properties.</source>
        <translation>ツリーでデバイスを選択すると、そのプロパティが表示されます。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="185"/>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="208"/>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="213"/>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="186"/>
        <source>%1 (simulated)</source>
        <translation>%1（シミュレーション）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="189"/>
        <source>Simulated device: runs replay the measurements of %1 stored in %2; no kernel runs and nothing is measured.</source>
        <translation>シミュレーションデバイス: 実行は %2 に保存された %1 の測定値を再生します。カーネルは実行されず、何も測定されません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="193"/>
        <source>Stored in %1 (measured on another machine); not present here. Check its simulated twin to replay its results.</source>
        <translation>%1 に保存（別のマシンで測定）。このマシンにはありません。結果を再生するには、そのシミュレーション版にチェックを入れてください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="200"/>
        <source>%1 (index %2)</source>
        <translation>%1（インデックス %2）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="205"/>
        <source>%1 (stored in %2)</source>
        <translation>%1（%2 に保存）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="221"/>
        <source>yes, up to %1 texels</source>
        <translation>あり（最大 %1 テクセル）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="230"/>
        <source>Measured on %1 by the profile microbenchmarks.</source>
        <translation>%1 にプロファイル用マイクロベンチマークで測定しました。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="236"/>
        <source>Not measured yet.</source>
        <translation>まだ測定されていません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="239"/>
        <source>Profiling…</source>
        <translation>プロファイル中…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="239"/>
        <source>Profile</source>
        <translation>プロファイル</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="239"/>
        <source>Re-profile</source>
        <translation>再プロファイル</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="243"/>
        <source>Measure copy bandwidth and fp32/fp64 peak rates again; the new profile is stored next to the earlier ones.</source>
        <translation>コピー帯域幅と fp32/fp64 ピーク性能を再測定します。新しいプロファイルは以前のものと並べて保存されます。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="245"/>
        <source>Measure copy bandwidth and fp32/fp64 peak rates on a worker thread.</source>
        <translation>ワーカースレッドでコピー帯域幅と fp32/fp64 のピーク性能を測定します。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="247"/>
        <source>A simulated device runs no kernels; profile the real device on its machine.</source>
        <translation>シミュレーションデバイスはカーネルを実行しません。実デバイスをそのマシンでプロファイルしてください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="249"/>
        <source>This device is not present here; profile it on its machine.</source>
        <translation>このデバイスはこのマシンにありません。そのマシンでプロファイルしてください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="251"/>
        <source>This build has no device profiler yet (kernels/profile).</source>
        <translation>このビルドにはまだデバイスプロファイラ（kernels/profile）がありません。</translation>
    </message>
</context>
<context>
    <name>kt::gui::DeviceTreeModel</name>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="227"/>
        <source>OpenCL</source>
        <translation>OpenCL</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="228"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="229"/>
        <source>Simulated</source>
        <translation>シミュレーション</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="236"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="237"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="238"/>
        <source>Accelerator</source>
        <translation>アクセラレータ</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="239"/>
        <source>Other</source>
        <translation>その他</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="246"/>
        <source>Simulated — replays of %1</source>
        <translation>シミュレーション — %1 の再生</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="248"/>
        <source>%1 (stored in %2)</source>
        <translation>%1（%2 に保存）</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="257"/>
        <source>%1 — unavailable: %2</source>
        <translation>%1 — 利用不可: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="258"/>
        <source>%1 — some devices were left out</source>
        <translation>%1 — 一部のデバイスを除外しました</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="259"/>
        <source>%1 — no devices</source>
        <translation>%1 — デバイスなし</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="262"/>
        <source>Platform %1</source>
        <translation>プラットフォーム %1</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="266"/>
        <source>%1 (%2, simulated)</source>
        <translation>%1（%2、シミュレーション）</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="267"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/models/device_tree_model.cpp" line="278"/>
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n 台のデバイス</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="280"/>
        <source>Runs on these devices replay the measurements stored in %1; no kernel runs.</source>
        <translation>これらのデバイスでの実行は %1 に保存された測定値を再生します。カーネルは実行されません。</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="285"/>
        <source>Platform index %1</source>
        <translation>プラットフォーム番号 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="288"/>
        <source>Check to include this device when a run starts.</source>
        <translation>チェックすると、実行開始時にこのデバイスも対象になります。</translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="325"/>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
</context>
<context>
    <name>kt::gui::DevicesPage</name>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="91"/>
        <source>Profiling %1…</source>
        <translation>%1 をプロファイル中…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="129"/>
        <source>Profiled %1.</source>
        <translation>%1 のプロファイルが完了しました。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="96"/>
        <source>Profiling %1 failed: %2</source>
        <translation>%1 のプロファイルに失敗しました: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="104"/>
        <source>Profile of %1 saved to %2.</source>
        <translation>%1 のプロファイルを %2 に保存しました。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="108"/>
        <source>Results database %1: %2</source>
        <translation>結果データベース %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="202"/>
        <source>Enumerating devices…</source>
        <translation>デバイスを列挙中…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="206"/>
        <source>Device enumeration failed: %1</source>
        <translation>デバイスの列挙に失敗しました: %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/devices_page.cpp" line="210"/>
        <source>%n device(s) found in %1 ms.</source>
        <translation>
            <numerusform>%1 ミリ秒で %n 台のデバイスが見つかりました。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="218"/>
        <source>Check devices to tune several at once; with none checked, a run uses the selected device.</source>
        <translation>複数のデバイスを同時にチューニングするにはチェックを入れてください。チェックがない場合は選択中のデバイスで実行します。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/devices_page.cpp" line="224"/>
        <source>%n device(s) checked: Start run starts one run on each (%1).</source>
        <translation>
            <numerusform>%n 台のデバイスにチェック: 実行開始で各デバイスに 1 回ずつ実行します（%1）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="235"/>
        <source>Refresh</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="236"/>
        <source>Enumerate the devices again</source>
        <translation>デバイスを再度列挙します</translation>
    </message>
</context>
<context>
    <name>kt::gui::ExportDialog</name>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="80"/>
        <source>Package folder</source>
        <translation>パッケージのフォルダー</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="100"/>
        <source>Nothing is tuned in this store yet.</source>
        <translation>このストアにはまだチューニング結果がありません。</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="133"/>
        <source>Choose a device.</source>
        <translation>デバイスを選択してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="137"/>
        <source>Check at least one family.</source>
        <translation>ファミリーを少なくとも 1 つ選択してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="141"/>
        <source>Choose the package folder (new or empty).</source>
        <translation>パッケージのフォルダー（新規または空）を選択してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="148"/>
        <source>Written: %1.</source>
        <translation>書き出し完了: %1。</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="151"/>
        <source>Checking that the package configures…</source>
        <translation>パッケージが構成できるか確認しています…</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="158"/>
        <source>Skipped: %1</source>
        <translation>スキップ: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="164"/>
        <source>Exporting…</source>
        <translation>エクスポートしています…</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="186"/>
        <source>Export tuned kernel package</source>
        <translation>チューニング済みカーネルパッケージのエクスポート</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="187"/>
        <source>Device:</source>
        <translation>デバイス:</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="188"/>
        <source>Families:</source>
        <translation>ファミリー:</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="189"/>
        <source>Dispatch depth:</source>
        <translation>ディスパッチの深さ:</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="190"/>
        <source>Depth of each family&apos;s dispatch tree over its sizes: at most 2^depth variants</source>
        <translation>各ファミリーのサイズに対するディスパッチ木の深さ: バリアントは最大 2^深さ 個</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="191"/>
        <source>Package folder:</source>
        <translation>パッケージのフォルダー:</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="192"/>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="193"/>
        <source>Replace an earlier package in this folder</source>
        <translation>このフォルダーにある以前のパッケージを置き換える</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="194"/>
        <source>Check that the package configures (cmake -S folder -B folder/build)</source>
        <translation>パッケージが構成できるか確認する（cmake -S フォルダー -B フォルダー/build）</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="195"/>
        <source>Export</source>
        <translation>エクスポート</translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="196"/>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>kt::gui::ExportJob</name>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="25"/>
        <source>No store at %1 (nothing tuned yet?)</source>
        <translation>%1 にストアがありません（まだ何もチューニングしていませんか？）</translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="104"/>
        <source>Export failed: %1</source>
        <translation>エクスポートに失敗しました: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="110"/>
        <source>Package written to %1.</source>
        <translation>パッケージを %1 に書き出しました。</translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="121"/>
        <source>Package written to %1; not checked: cmake was not found.</source>
        <translation>パッケージを %1 に書き出しました。cmake が見つからないため確認していません。</translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="138"/>
        <source>The package is written, but cmake could not be started: %1</source>
        <translation>パッケージは書き出しましたが、cmake を起動できませんでした: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="144"/>
        <source>Package written to %1 and configured (cmake -S %1 -B %1/build).</source>
        <translation>パッケージを %1 に書き出し、構成できることを確認しました（cmake -S %1 -B %1/build）。</translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="150"/>
        <source>The package is written, but it does not configure (cmake exit code %1):
%2</source>
        <translation>パッケージは書き出しましたが、構成できません（cmake の終了コード %1）:
%2</translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="154"/>
        <source>Checking that the package configures: cmake -S %1 -B %1/build</source>
        <translation>パッケージが構成できるか確認しています: cmake -S %1 -B %1/build</translation>
    </message>
</context>
<context>
    <name>kt::gui::FamilySpaces</name>
    <message>
        <location filename="../app/gui/services/family_spaces.cpp" line="44"/>
        <source>missing parameters: %1</source>
        <translation>不足しているパラメータ: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/services/family_spaces.cpp" line="46"/>
        <source>parameters the family does not have: %1</source>
        <translation>ファミリーにないパラメータ: %1</translation>
    </message>
</context>
<context>
    <name>kt::gui::FitPlot</name>
    <message>
        <location filename="../app/gui/plots/fit_plot.cpp" line="53"/>
        <source>auto-tuned (rule)</source>
        <translation>自動チューニング（ルール）</translation>
    </message>
</context>
<context>
    <name>kt::gui::FitsPage</name>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="104"/>
        <source>No candidate has measurements at two or more one-dimensional sizes.</source>
        <translation>2 つ以上の一次元サイズで測定された候補がありません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="347"/>
        <source>No one-dimensional measurements for this device and family.</source>
        <translation>このデバイスとファミリーには一次元サイズの測定がありません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="350"/>
        <source>Fitting failed: %1</source>
        <translation>フィッティングに失敗しました: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="354"/>
        <source>Sizes are m×n×k; only the cubes (m = n = k) are shown, by m.</source>
        <translation>サイズは m×n×k です。立方体（m = n = k）のみを m で表示しています。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="361"/>
        <source>Sizes are %1; only the squares (%2) are shown, by %3.</source>
        <translation>サイズは %1 です。正方形（%2）のみを %3 で表示しています。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="367"/>
        <source>α chosen by GCV: %1.</source>
        <translation>GCV で選ばれた α: %1。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="421"/>
        <source>Device:</source>
        <translation>デバイス:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="422"/>
        <source>Family:</source>
        <translation>ファミリー:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="423"/>
        <source>Top K:</source>
        <translation>上位 K:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="424"/>
        <source>How many candidates to fit, ranked by their mean measured value</source>
        <translation>フィットする候補の数（平均測定値の順）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="425"/>
        <source>α:</source>
        <translation>α:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="426"/>
        <source>Smoothing weight of the d-spline (larger is smoother)</source>
        <translation>d-スプラインの平滑化の重み（大きいほど滑らか）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="427"/>
        <source>Smoothing weight α on a logarithmic scale, %1 to %2; the fit follows as you drag</source>
        <translation>平滑化の重み α（対数目盛、%1〜%2）。ドラッグに合わせてフィットが更新されます</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="429"/>
        <source>auto (GCV)</source>
        <translation>自動（GCV）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="430"/>
        <source>Tolerance:</source>
        <translation>許容差:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="431"/>
        <source>Size pipeline…</source>
        <translation>サイズパイプライン…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="432"/>
        <source>Measure a family over sizes on a device and derive its dispatch rule</source>
        <translation>デバイス上でファミリーをサイズごとに測定し、ディスパッチルールを導出します</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="433"/>
        <source>A candidate within this percentage of the best keeps its interval</source>
        <translation>最良との差がこの割合以内の候補は区間を維持します</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="434"/>
        <source>From size</source>
        <translation>開始サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="434"/>
        <source>To size (excl.)</source>
        <translation>終了サイズ（含まない）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="434"/>
        <source>Candidate</source>
        <translation>候補</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="441"/>
        <source>Problem size</source>
        <translation>問題サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="442"/>
        <source>Value (%1)</source>
        <translation>値（%1）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="443"/>
        <source>Value (GFlop/s or GB/s)</source>
        <translation>値（GFlop/s または GB/s）</translation>
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
        <location filename="../app/gui/main_window.cpp" line="220"/>
        <source>KernelTune Workbench</source>
        <translation>KernelTune ワークベンチ</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="221"/>
        <source>Devices</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="222"/>
        <source>Tune</source>
        <translation>チューニング</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="223"/>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="224"/>
        <source>Results</source>
        <translation>結果</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="225"/>
        <source>Fits &amp;&amp; Rules</source>
        <translation>フィットとルール</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="227"/>
        <source>Bench</source>
        <translation>ベンチ</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="228"/>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="229"/>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="230"/>
        <source>&amp;Tools</source>
        <translation>ツール(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="231"/>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="232"/>
        <source>&amp;Open database…</source>
        <translation>データベースを開く(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="233"/>
        <source>Choose the SQLite file that holds tuning results</source>
        <translation>チューニング結果を保存する SQLite ファイルを選択します</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="234"/>
        <source>&amp;Export package…</source>
        <translation>パッケージをエクスポート(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="235"/>
        <source>Write a tuned kernel package (C API, CBLAS drop-in, CMake) from this store</source>
        <translation>このストアからチューニング済みカーネルパッケージ（C API、CBLAS 置き換え、CMake）を書き出します</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="236"/>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="238"/>
        <source>&amp;Refresh devices</source>
        <translation>デバイスを再読み込み(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="239"/>
        <source>&amp;Status bar</source>
        <translation>ステータスバー(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="240"/>
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="241"/>
        <source>&amp;About KernelTune</source>
        <translation>KernelTune について(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="242"/>
        <source>About &amp;Qt</source>
        <translation>Qt について(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="248"/>
        <source>Database: %1</source>
        <translation>データベース: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249"/>
        <source>Database: %1 (not created yet)</source>
        <translation>データベース: %1（未作成）</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="263"/>
        <source>Results database: %1</source>
        <translation>結果データベース: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="267"/>
        <source>Open results database</source>
        <translation>結果データベースを開く</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="268"/>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation>SQLite データベース (*.sqlite *.db);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="293"/>
        <source>About KernelTune</source>
        <translation>KernelTune について</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="294"/>
        <source>&lt;h3&gt;KernelTune %1&lt;/h3&gt;&lt;p&gt;A workbench for auto-tuning GPU kernels (GEMM, BLAS3, batched GEMM, SYMV) on OpenCL and CUDA devices: explore parameter spaces, measure and verify candidates, fit performance over problem sizes and derive dispatch rules.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;KernelTune %1&lt;/h3&gt;&lt;p&gt;OpenCL および CUDA デバイス上で GPU カーネル（GEMM、BLAS3、バッチ GEMM、SYMV）を自動チューニングするワークベンチです。パラメータ空間を探索し、候補を測定・検証し、問題サイズに対する性能をフィッティングして、ディスパッチ規則を導出します。&lt;/p&gt;&lt;p&gt;Qt %2 でビルドされています。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="226"/>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
</context>
<context>
    <name>kt::gui::MetricCurvePlot</name>
    <message>
        <location filename="../app/gui/plots/metric_curve_plot.cpp" line="204"/>
        <source>%1 % of bound</source>
        <translation>上限の %1 %</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/metric_curve_plot.cpp" line="237"/>
        <source>Problem size (%1)</source>
        <translation>問題サイズ (%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/metric_curve_plot.cpp" line="238"/>
        <source>Problem size (geometric mean of %1)</source>
        <translation>問題サイズ (%1 の幾何平均)</translation>
    </message>
    <message>
        <location filename="../app/gui/plots/metric_curve_plot.cpp" line="240"/>
        <source>% of the bound</source>
        <translation>性能上限に対する %</translation>
    </message>
</context>
<context>
    <name>kt::gui::PipelinePanel</name>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="124"/>
        <source>Choose a device and a family with one size dimension.</source>
        <translation>デバイスと、サイズの次元が 1 つのファミリーを選択してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="140"/>
        <source>Sizes: %1</source>
        <translation>サイズ: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="147"/>
        <source>The detail sizes need at least two distinct sizes: the rule covers their range.</source>
        <translation>詳細サイズには異なるサイズが少なくとも 2 つ必要です（ルールはその範囲を対象とします）。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="157"/>
        <source>Starting…</source>
        <translation>開始しています…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="165"/>
        <source>Cancelling after the current candidate…</source>
        <translation>現在の候補の後でキャンセルします…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="174"/>
        <source>Phase: %1 — %2 of %3 evaluations, %4 measurements</source>
        <translation>フェーズ: %1 — 評価 %2 / %3、測定 %4 件</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="175"/>
        <source>starting</source>
        <translation>開始中</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="187"/>
        <source>Run %1: rule %2 stored with %3 intervals (%4 measurements). %5</source>
        <translation>実行 %1: ルール %2 を %3 区間で保存しました（測定 %4 件）。%5</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="194"/>
        <source>Failed: %1</source>
        <translation>失敗しました: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="196"/>
        <source>Run %1 %2; continue it with: ktune pipeline --resume %1</source>
        <translation>実行 %1 は %2 です。続行するには: ktune pipeline --resume %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="218"/>
        <source>Size pipeline: sieve, detailed sampling, d-spline fits and a dispatch rule</source>
        <translation>サイズパイプライン: ふるい分け、詳細サンプリング、d-spline フィット、ディスパッチルール</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="219"/>
        <source>Device:</source>
        <translation>デバイス:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="220"/>
        <source>Family:</source>
        <translation>ファミリー:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="221"/>
        <source>Budget:</source>
        <translation>予算:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="222"/>
        <source>no limit</source>
        <translation>無制限</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="223"/>
        <source>Most evaluations (one kernel at one size) of the sieve; 0: every valid point</source>
        <translation>ふるい分けの最大評価数（1 つのカーネルを 1 つのサイズで）。0: 有効な点すべて</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="224"/>
        <source>Finalists:</source>
        <translation>最終候補:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="225"/>
        <source>Kernels sampled over the detail sizes and fitted</source>
        <translation>詳細サイズでサンプリングしてフィットするカーネルの数</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="226"/>
        <source>Ranks:</source>
        <translation>順位数:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="227"/>
        <source>Kernels that score per sieve size: rank r of R scores (R − r)/R</source>
        <translation>ふるいの各サイズで得点するカーネルの数: R 個中 r 位の得点は (R − r)/R</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="228"/>
        <source>Keep each sieve size&apos;s winner</source>
        <translation>ふるいの各サイズの最速カーネルを残す</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="229"/>
        <source>The fastest kernel at each sieve size is a finalist whatever its points, so a kernel best only at the largest size can still win there in the rule</source>
        <translation>ふるいの各サイズで最速のカーネルは得点にかかわらず最終候補になり、最大サイズでのみ最速のカーネルもルールでそこを担当できます</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="231"/>
        <source>Incremental:</source>
        <translation>逐次サンプリング:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="232"/>
        <source>every detail size</source>
        <translation>全詳細サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="233"/>
        <source>Sample the finalists at this many detail sizes first, then only where the fits leave the winner uncertain</source>
        <translation>最終候補をまずこの数の詳細サイズで測り、その後はフィットで最速が不確かなサイズだけを測ります</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="235"/>
        <source>Sieve sizes:</source>
        <translation>ふるい分けのサイズ:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="236"/>
        <source>1000,2800,4600,6400,8200,10000 (default)</source>
        <translation>1000,2800,4600,6400,8200,10000（既定）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="237"/>
        <source>Detail sizes:</source>
        <translation>詳細サイズ:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="238"/>
        <source>100:10000:48 (from:to:count, default) or a list</source>
        <translation>100:10000:48（開始:終了:個数、既定）またはリスト</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="239"/>
        <source>Run pipeline</source>
        <translation>パイプラインを実行</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="240"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
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
    <name>kt::gui::ResultsModel</name>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="21"/>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="22"/>
        <source>compile error</source>
        <translation>コンパイルエラー</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="23"/>
        <source>launch error</source>
        <translation>起動エラー</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="24"/>
        <source>wrong result</source>
        <translation>誤った結果</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="25"/>
        <source>timeout</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="26"/>
        <source>worker crash</source>
        <translation>ワーカーのクラッシュ</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="27"/>
        <source>skipped</source>
        <translation>スキップ</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="144"/>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="145"/>
        <source>Family</source>
        <translation>ファミリー</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="146"/>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="147"/>
        <source>Candidate</source>
        <translation>候補</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="148"/>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="149"/>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="150"/>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="151"/>
        <source>Median (ms)</source>
        <translation>中央値 (ms)</translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="152"/>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
</context>
<context>
    <name>kt::gui::ResultsPage</name>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="185"/>
        <source>Select a measurement to see its candidate&apos;s parameters, generated source and log.</source>
        <translation>測定を選択すると、その候補のパラメータ、生成されたソース、ログが表示されます。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="201"/>
        <source>unreadable candidate key &apos;%1&apos;: %2</source>
        <translation>読み取れない候補キー「%1」: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="204"/>
        <source>%1 on %2 — %3</source>
        <translation>%2 上の %1 — %3</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="213"/>
        <source>// The family &apos;%1&apos; is not part of this build.</source>
        <translation>// ファミリー「%1」はこのビルドに含まれていません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="216"/>
        <source>// The device %1 is not recorded in the store.</source>
        <translation>// デバイス %1 はストアに記録されていません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="220"/>
        <source>kernels: %1</source>
        <translation>カーネル: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="225"/>
        <source>options: %1</source>
        <translation>オプション: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="247"/>
        <source>// The source could not be generated: %1</source>
        <translation>// ソースを生成できませんでした: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="250"/>
        <source>(no messages: status %1)</source>
        <translation>（メッセージなし: 状態 %1）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="277"/>
        <source>Filter (device, family, candidate, status, error…)</source>
        <translation>フィルター（デバイス、ファミリー、候補、状態、エラー…）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="278"/>
        <source>%1 of %2 measurements</source>
        <translation>%2 件中 %1 件の測定</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="279"/>
        <source>Generated source</source>
        <translation>生成されたソース</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="280"/>
        <source>Error / build log</source>
        <translation>エラー / ビルドログ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="281"/>
        <source>All measurements of this candidate</source>
        <translation>この候補のすべての測定</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Median (ms)</source>
        <translation>中央値 (ms)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
</context>
<context>
    <name>kt::gui::RunPage</name>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="44"/>
        <source>sizes: &apos;%1&apos; is not a size (expected e.g. 1024 or 256x256x128)</source>
        <translation>サイズ: 「%1」はサイズではありません（例: 1024 または 256x256x128）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="56"/>
        <source>running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="57"/>
        <source>paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="58"/>
        <source>cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="59"/>
        <source>completed</source>
        <translation>完了</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="60"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="61"/>
        <source>interrupted</source>
        <translation>中断</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="171"/>
        <source>pausing after the current candidate…</source>
        <translation>現在の候補の後で一時停止します…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="187"/>
        <source>cancelling after the current candidate…</source>
        <translation>現在の候補の後でキャンセルします…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="251"/>
        <source>(choose one on the Devices page)</source>
        <translation>（「デバイス」ページで選択してください）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="252"/>
        <source>(choose one on the Tune page)</source>
        <translation>（「チューニング」ページで選択してください）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="255"/>
        <source>Device: &lt;b&gt;%1&lt;/b&gt; · Family: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>デバイス: &lt;b&gt;%1&lt;/b&gt; · ファミリー: &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="259"/>
        <source>Devices (checked, one run each): &lt;b&gt;%1&lt;/b&gt; · Family: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>デバイス（チェック済み、各 1 回実行）: &lt;b&gt;%1&lt;/b&gt; · ファミリー: &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="263"/>
        <source> · Space: edited on the Tune page (%1 combinations)</source>
        <translation> · 空間: 「チューニング」ページで編集済み（全 %1 通り）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="273"/>
        <source>Choose a device on the Devices page first.</source>
        <translation>先に「デバイス」ページでデバイスを選択してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="274"/>
        <source>Choose a kernel family on the Tune page first.</source>
        <translation>先に「チューニング」ページでカーネルファミリーを選択してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="362"/>
        <source>Run %1: %2</source>
        <translation>実行 %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="363"/>
        <source>Run %1: %2 (%3)</source>
        <translation>実行 %1: %2 (%3)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="438"/>
        <source>No run yet.</source>
        <translation>まだ実行はありません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="455"/>
        <source>Elapsed %1 · ETA %2 · reused %3</source>
        <translation>経過 %1 · 残り %2 · 再利用 %3</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="470"/>
        <source>Best so far: &lt;b&gt;%1 %2&lt;/b&gt; (%3 % of the bound) at size %4 — %5</source>
        <translation>これまでの最高: &lt;b&gt;%1 %2&lt;/b&gt;（性能上限の %3 %、サイズ %4）— %5</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="477"/>
        <source>Best so far: &lt;b&gt;%1 %2&lt;/b&gt; at size %3 — %4</source>
        <translation>これまでの最高: &lt;b&gt;%1 %2&lt;/b&gt;（サイズ %3）— %4</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="479"/>
        <source>Best so far: –</source>
        <translation>これまでの最高: –</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="489"/>
        <source>Strategy:</source>
        <translation>戦略:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="490"/>
        <source>Warm start</source>
        <translation>ウォームスタート</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="491"/>
        <source>Measure known-good kernels first: for a BLAS3 routine the best GEMM kernels stored for this device, then the family&apos;s own (for GEMM: the papers&apos; fastest); the random, annealing and surrogate strategies start from them.</source>
        <translation>実績あるカーネルを最初に計測します。BLAS3ルーチンではこのデバイスに保存されたGEMMの最良カーネル、次にファミリー自身のもの（GEMMでは論文の最速カーネル）。ランダム、焼きなまし、サロゲートの各戦略はそこから探索を始めます。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="493"/>
        <source>Max. evaluations:</source>
        <translation>最大評価数:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="494"/>
        <location filename="../app/gui/pages/run_page.cpp" line="496"/>
        <source>no limit</source>
        <translation>無制限</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="495"/>
        <source>Time limit:</source>
        <translation>時間制限:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="497"/>
        <source> min</source>
        <translation> 分</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="498"/>
        <source>Sizes:</source>
        <translation>サイズ:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="499"/>
        <source>family defaults (e.g. 1024,2048 or 256x256x128)</source>
        <translation>ファミリーの既定値（例: 1024,2048 または 256x256x128）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="500"/>
        <source>&amp;Start run</source>
        <translation>実行開始(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="501"/>
        <source>Run:</source>
        <translation>実行:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="502"/>
        <source>&amp;Pause</source>
        <translation>一時停止(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="503"/>
        <source>&amp;Resume</source>
        <translation>再開(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="504"/>
        <source>&amp;Cancel</source>
        <translation>キャンセル(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="505"/>
        <source>Top candidates over size</source>
        <translation>上位候補（サイズ別）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="506"/>
        <source>All candidates</source>
        <translation>全候補</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="507"/>
        <source>Failures</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="508"/>
        <source>Candidate</source>
        <translation>候補</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="508"/>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="508"/>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="508"/>
        <source>Message</source>
        <translation>メッセージ</translation>
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
    <name>kt::gui::SpaceEditor</name>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="118"/>
        <source>give at least one value</source>
        <translation>値を1つ以上指定してください</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="126"/>
        <source>&apos;%1&apos; is not an integer</source>
        <translation>「%1」は整数ではありません</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="131"/>
        <source>%1 is listed twice</source>
        <translation>%1 が2回指定されています</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="164"/>
        <location filename="../app/gui/pages/space_editor.cpp" line="244"/>
        <source>Values of %1, separated by commas or spaces</source>
        <translation>%1 の値(カンマまたは空白区切り)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="213"/>
        <source>Constraint %1: unknown name &apos;%2&apos; (not a parameter, a variable or a DEV_ device variable)</source>
        <translation>制約 %1: 不明な名前「%2」(パラメータ、変数、DEV_ デバイス変数のいずれでもありません)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="218"/>
        <source>Constraint %1: %2</source>
        <translation>制約 %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="219"/>
        <source>Constraint %1, column %2: %3</source>
        <translation>制約 %1、%2 桁目: %3</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="250"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="290"/>
        <source>Parameters and their values</source>
        <translation>パラメータと値</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="291"/>
        <source>Constraints</source>
        <translation>制約</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="292"/>
        <source>Expression</source>
        <translation>式</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="292"/>
        <source>Why</source>
        <translation>理由</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="293"/>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="294"/>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="295"/>
        <source>Add a constraint (a C-like integer expression over the parameters and DEV_ device variables)</source>
        <translation>制約を追加(パラメータと DEV_ デバイス変数を使う C 言語風の整数式)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="297"/>
        <source>Remove the selected constraints</source>
        <translation>選択した制約を削除</translation>
    </message>
</context>
<context>
    <name>kt::gui::StoredRunsBar</name>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="32"/>
        <source>Stored runs: %1</source>
        <translation>保存済みの実行: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="76"/>
        <source>Run %1 was tuned on %2, which this machine does not list; continue it there.</source>
        <translation>実行 %1 は %2 でチューニングされましたが、このマシンにはそのデバイスがありません。そのデバイスのあるマシンで続行してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="88"/>
        <source>Run %1 is not a stored run that can continue.</source>
        <translation>実行 %1 は続行できる保存済みの実行ではありません。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="98"/>
        <source>Run %1 · %2 · %3 · %4, %n measured</source>
        <translation>
            <numerusform>実行 %1 · %2 · %3 · %4、測定済み %n 件</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="101"/>
        <source> (device not on this machine)</source>
        <translation> (このマシンにないデバイス)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="109"/>
        <source>(none: every stored run completed)</source>
        <translation>(なし: 保存済みの実行はすべて完了)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="122"/>
        <source>Stored runs to continue:</source>
        <translation>続行できる保存済みの実行:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="123"/>
        <source>C&amp;ontinue</source>
        <translation>続行(&amp;O)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="124"/>
        <source>Continues the chosen run where it stopped (cancelled, or its process died): what it measured is kept and not measured again.</source>
        <translation>選択した実行を止まった所から続行します (キャンセルされた、またはプロセスが終了した実行)。測定済みの結果は保持され、再測定されません。</translation>
    </message>
</context>
<context>
    <name>kt::gui::TunePage</name>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="220"/>
        <source>No kernel families are registered in this build.</source>
        <translation>このビルドにはカーネルファミリーが登録されていません。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="224"/>
        <source>Select a device on the Devices page: constraints depend on the device&apos;s limits.</source>
        <translation>「デバイス」ページでデバイスを選択してください。制約はデバイスの上限値に依存します。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="437"/>
        <source>Correct the errors above to count the valid variants.</source>
        <translation>有効なバリアントを数えるには、上のエラーを修正してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="438"/>
        <source>(for the last valid space: correct the errors above)</source>
        <translation>(最後に有効だった空間の値です。上のエラーを修正してください)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="447"/>
        <source>Correct the errors in the space or the sizes first.</source>
        <translation>先に空間またはサイズのエラーを修正してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="490"/>
        <source>Preset:</source>
        <translation>プリセット:</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="491"/>
        <source>Load a built-in space for this family into the editor</source>
        <translation>このファミリーの組み込み空間をエディタに読み込みます</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="493"/>
        <source>Load…</source>
        <translation>読み込み…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="494"/>
        <source>Load a parameter space from a JSON file (the format of ktune tune --space)</source>
        <translation>JSON ファイルからパラメータ空間を読み込みます(ktune tune --space の形式)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="495"/>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="496"/>
        <source>Save the edited parameter space as a JSON file (for ktune tune --space)</source>
        <translation>編集したパラメータ空間を JSON ファイルに保存します(ktune tune --space 用)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="502"/>
        <source>Name: %1 · Metric: %2 · Size dimensions: %3</source>
        <translation>名前: %1 · 指標: %2 · サイズの次元: %3</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="236"/>
        <source>The family&apos;s parameter space could not be built for this device: %1</source>
        <translation>このデバイス用のファミリーのパラメータ空間を構築できませんでした: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="140"/>
        <source>Load parameter space</source>
        <translation>パラメータ空間の読み込み</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="141"/>
        <location filename="../app/gui/pages/tune_page.cpp" line="147"/>
        <source>Parameter spaces (*.json);;All files (*)</source>
        <translation>パラメータ空間 (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="146"/>
        <source>Save parameter space</source>
        <translation>パラメータ空間の保存</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="272"/>
        <location filename="../app/gui/pages/tune_page.cpp" line="492"/>
        <source>Family default</source>
        <translation>ファミリーの既定</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="290"/>
        <source>Select a device and a family before loading a space.</source>
        <translation>空間を読み込む前にデバイスとファミリーを選択してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="295"/>
        <source>Not loaded: cannot open %1: %2</source>
        <translation>読み込めませんでした: %1 を開けません: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="304"/>
        <source>Not loaded: %1 does not fit the family %2 (%3).</source>
        <translation>読み込めませんでした: %1 はファミリー %2 に合いません(%3)。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="310"/>
        <source>Not loaded: %1</source>
        <translation>読み込めませんでした: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="315"/>
        <source>Loaded %1.</source>
        <translation>%1 を読み込みました。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="322"/>
        <source>Not saved: correct the errors in the space first.</source>
        <translation>保存できませんでした: 先に空間のエラーを修正してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="330"/>
        <source>Not saved: cannot write %1: %2</source>
        <translation>保存できませんでした: %1 に書き込めません: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="335"/>
        <source>Saved %1.</source>
        <translation>%1 に保存しました。</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="429"/>
        <source>The constraints could not be evaluated: %1</source>
        <translation>制約を評価できませんでした: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="431"/>
        <source>Valid variants: more than %1 of %2 combinations (a tuning budget decides how many are measured)</source>
        <translation>有効なバリアント: %2 通りの組み合わせ中 %1 個超 (測定する数はチューニングの予算で決まります)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="506"/>
        <source>Problem sizes (%1):</source>
        <translation>問題サイズ (%1):</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="507"/>
        <source>empty: the family&apos;s defaults for the device</source>
        <translation>空欄: デバイスに対するファミリーの既定値</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="508"/>
        <source>Sizes to tune, separated by commas: all dimensions (e.g. 256x256x128) or one number (a cube when the family has several dimensions)</source>
        <translation>チューニングするサイズ(カンマ区切り): 全次元(例: 256x256x128)または数値1つ(複数次元のファミリーでは立方体)</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="427"/>
        <source>Valid variants: counting… (of %1 combinations)</source>
        <translation>有効なバリアント: 計数中…（全 %1 通り）</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="434"/>
        <source>Valid variants: %1 of %2 combinations</source>
        <translation>有効なバリアント: %2 通り中 %1 通り</translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="497"/>
        <source>Start run…</source>
        <translation>実行を開始…</translation>
    </message>
</context>
<context>
    <name>kt::gui::TuningRunService</name>
    <message>
        <location filename="../app/gui/services/tuning_run_service.cpp" line="268"/>
        <source>A run is already active on %1.</source>
        <translation>%1 ではすでに実行中です。</translation>
    </message>
</context>
</TS>
