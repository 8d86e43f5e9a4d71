<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>kt::gui::BenchPage</name>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="136"/>
        <source>Dispatch rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="137"/>
        <source>Rules (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="144"/>
        <source>Save bench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="144"/>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/bench_page.cpp" line="149"/>
        <source>Running %n size(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/bench_page.cpp" line="153"/>
        <source>Done: %n row(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="160"/>
        <source>Bench failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="197"/>
        <source>No device that can run kernels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="205"/>
        <source>Choose a family.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="210"/>
        <source>Give the point key of a candidate (as `ktune best` prints it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="221"/>
        <source>%1 has no variant &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="243"/>
        <source>A bench is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="247"/>
        <source>Preparing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="273"/>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="273"/>
        <source>WRONG: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="298"/>
        <source>ours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="299"/>
        <source>peer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="303"/>
        <source>size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="314"/>
        <source>Nothing to save yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="320"/>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="332"/>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="333"/>
        <source>Family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="334"/>
        <source>Candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="335"/>
        <source>One point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="336"/>
        <source>Stored best per size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="337"/>
        <source>Top N at the largest stored size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="338"/>
        <source>The papers&apos; kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="339"/>
        <source>A dispatch rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="340"/>
        <source>point key, e.g. DOT_WG=64,DOT_WPT=4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="341"/>
        <source>R.json from ktune rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="342"/>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="343"/>
        <source>Sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="344"/>
        <source>empty: the family&apos;s sizes (e.g. 1024,2048 or 256x256x128)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="345"/>
        <source>Variants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="346"/>
        <source>empty: all (e.g. nn,tn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="347"/>
        <source>Vendor library</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="348"/>
        <source>cuBLAS or CLBlast (by backend)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="349"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="350"/>
        <source>Timed runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="351"/>
        <source>Check against the reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="352"/>
        <source>Run bench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="353"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="354"/>
        <source>Save JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>Variant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="355"/>
        <source>Ours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="356"/>
        <source>Kernel alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="356"/>
        <source>Peer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="356"/>
        <source>Ours / peer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/bench_page.cpp" line="356"/>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::BenchService</name>
    <message>
        <location filename="../app/gui/services/bench_service.cpp" line="45"/>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/services/bench_service.cpp" line="51"/>
        <source>peer results not stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::BestParametersModel</name>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="53"/>
        <source>Best (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="54"/>
        <source>At size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="55"/>
        <source>Best peer (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="63"/>
        <source>no results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/best_parameters_model.cpp" line="116"/>
        <source>Parameter</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::BoundLine</name>
    <message>
        <location filename="../app/gui/plots/plot_bound.cpp" line="21"/>
        <source>copy bandwidth %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/plot_bound.cpp" line="17"/>
        <source>FP64 peak %1 GFlop/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/plot_bound.cpp" line="15"/>
        <source>FP32 peak %1 GFlop/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/plot_bound.cpp" line="23"/>
        <source>copy bandwidth %1 GB/s × flops per byte</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::CandidateScatterPlot</name>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="96"/>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="174"/>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="153"/>
        <source>candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="172"/>
        <source>Against:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="173"/>
        <source>Colour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/candidate_scatter_plot.cpp" line="175"/>
        <source>Best %1 of each candidate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::ComparePage</name>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="140"/>
        <source>Reading the results database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="148"/>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="217"/>
        <source>%1 (no results)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="220"/>
        <source>%1 — on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="221"/>
        <source>%1 — from the results database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="276"/>
        <source>none measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="276"/>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="318"/>
        <source>%1 %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="363"/>
        <source>No successful measurements in this database yet: tune a family on one or more devices first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="366"/>
        <source>Check one or more devices to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="368"/>
        <source>Solid: the fastest candidate at each size. Dashed: vendor libraries measured with `ktune bench`. The table shows the parameters of each device&apos;s fastest measured candidate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="373"/>
        <source>Solid: one candidate per device over all sizes (measured at the most sizes, highest mean). Dashed: vendor libraries. The table shows that candidate&apos;s parameters and its best value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="390"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="405"/>
        <source>Table copied (tab-separated).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="411"/>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="416"/>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="417"/>
        <source>PDF documents (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="418"/>
        <source>SVG images (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="423"/>
        <source>Save plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="432"/>
        <source>Plot saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="439"/>
        <source>Save table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="439"/>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="446"/>
        <source>Table saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="455"/>
        <source>Family:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="456"/>
        <source>Curve:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="457"/>
        <source>Best candidate per size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="458"/>
        <source>Best single candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="459"/>
        <source>Per size: what a dispatch rule over several kernels reaches. Single: the one kernel that does best over all measured sizes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="462"/>
        <source>Peer routine:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="463"/>
        <source>Vendor library results stored by `ktune bench` for this family (and its variants)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="465"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="466"/>
        <source>Plot as &amp;PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="467"/>
        <source>Plot as P&amp;DF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="468"/>
        <source>Plot as &amp;SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="469"/>
        <source>Table as &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="470"/>
        <source>&amp;Copy table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="471"/>
        <source>Devices:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/compare_page.cpp" line="472"/>
        <source>Best parameters per device</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::ComparisonPlot</name>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="142"/>
        <source>The plot could not be rendered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="152"/>
        <source>Cannot save %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="157"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="179"/>
        <source>Problem size (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/comparison_plot.cpp" line="180"/>
        <source>Problem size (geometric mean of %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::DeviceDetailsWidget</name>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="21"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="22"/>
        <source>Vendor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="23"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="24"/>
        <source>Backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="25"/>
        <source>Platform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="26"/>
        <source>Device index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="27"/>
        <source>Stable id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="28"/>
        <source>Replays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="29"/>
        <source>Driver version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="30"/>
        <source>Runtime version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="31"/>
        <source>Compute units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="32"/>
        <source>Clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="33"/>
        <source>Global memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="34"/>
        <source>Local memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="35"/>
        <source>Max. allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="36"/>
        <source>Max. work-group size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="37"/>
        <source>Max. work-item sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="38"/>
        <source>Double precision (fp64)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="39"/>
        <source>64-bit atomics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="40"/>
        <source>Image reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="41"/>
        <source>Compute capability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="44"/>
        <source>Copy bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="45"/>
        <source>fp32 peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="46"/>
        <source>fp64 peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="47"/>
        <source>Measured at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="167"/>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="168"/>
        <source>Measured profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="169"/>
        <source>%1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="180"/>
        <source>No device selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="181"/>
        <source>Select a device in the tree to see its properties.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="185"/>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="208"/>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="213"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="186"/>
        <source>%1 (simulated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="189"/>
        <source>Simulated device: runs replay the measurements of %1 stored in %2; no kernel runs and nothing is measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="193"/>
        <source>Stored in %1 (measured on another machine); not present here. Check its simulated twin to replay its results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="200"/>
        <source>%1 (index %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="205"/>
        <source>%1 (stored in %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="221"/>
        <source>yes, up to %1 texels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="230"/>
        <source>Measured on %1 by the profile microbenchmarks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="236"/>
        <source>Not measured yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="239"/>
        <source>Profiling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="239"/>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="239"/>
        <source>Re-profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="243"/>
        <source>Measure copy bandwidth and fp32/fp64 peak rates again; the new profile is stored next to the earlier ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="245"/>
        <source>Measure copy bandwidth and fp32/fp64 peak rates on a worker thread.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="247"/>
        <source>A simulated device runs no kernels; profile the real device on its machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="249"/>
        <source>This device is not present here; profile it on its machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/device_details_widget.cpp" line="251"/>
        <source>This build has no device profiler yet (kernels/profile).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::DeviceTreeModel</name>
    <message numerus="yes">
        <location filename="../app/gui/models/device_tree_model.cpp" line="278"/>
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n device</numerusform>
            <numerusform>%n devices</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="227"/>
        <source>OpenCL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="228"/>
        <source>CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="229"/>
        <source>Simulated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="236"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="237"/>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="238"/>
        <source>Accelerator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="239"/>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="246"/>
        <source>Simulated — replays of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="248"/>
        <source>%1 (stored in %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="257"/>
        <source>%1 — unavailable: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="258"/>
        <source>%1 — some devices were left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="259"/>
        <source>%1 — no devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="262"/>
        <source>Platform %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="266"/>
        <source>%1 (%2, simulated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="267"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="280"/>
        <source>Runs on these devices replay the measurements stored in %1; no kernel runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="285"/>
        <source>Platform index %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="288"/>
        <source>Check to include this device when a run starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/device_tree_model.cpp" line="325"/>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::DevicesPage</name>
    <message numerus="yes">
        <location filename="../app/gui/pages/devices_page.cpp" line="210"/>
        <source>%n device(s) found in %1 ms.</source>
        <translation>
            <numerusform>%n device found in %1 ms.</numerusform>
            <numerusform>%n devices found in %1 ms.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/devices_page.cpp" line="224"/>
        <source>%n device(s) checked: Start run starts one run on each (%1).</source>
        <translation>
            <numerusform>%n device checked: Start run starts one run on it (%1).</numerusform>
            <numerusform>%n devices checked: Start run starts one run on each (%1).</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="91"/>
        <source>Profiling %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="129"/>
        <source>Profiled %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="96"/>
        <source>Profiling %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="104"/>
        <source>Profile of %1 saved to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="108"/>
        <source>Results database %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="202"/>
        <source>Enumerating devices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="206"/>
        <source>Device enumeration failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="218"/>
        <source>Check devices to tune several at once; with none checked, a run uses the selected device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="235"/>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/devices_page.cpp" line="236"/>
        <source>Enumerate the devices again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::ExportDialog</name>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="80"/>
        <source>Package folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="100"/>
        <source>Nothing is tuned in this store yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="133"/>
        <source>Choose a device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="137"/>
        <source>Check at least one family.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="141"/>
        <source>Choose the package folder (new or empty).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="148"/>
        <source>Written: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="151"/>
        <source>Checking that the package configures…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="158"/>
        <source>Skipped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="164"/>
        <source>Exporting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="186"/>
        <source>Export tuned kernel package</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="187"/>
        <source>Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="188"/>
        <source>Families:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="189"/>
        <source>Dispatch depth:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="190"/>
        <source>Depth of each family&apos;s dispatch tree over its sizes: at most 2^depth variants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="191"/>
        <source>Package folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="192"/>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="193"/>
        <source>Replace an earlier package in this folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="194"/>
        <source>Check that the package configures (cmake -S folder -B folder/build)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="195"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/export_dialog.cpp" line="196"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::ExportJob</name>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="25"/>
        <source>No store at %1 (nothing tuned yet?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="104"/>
        <source>Export failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="110"/>
        <source>Package written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="121"/>
        <source>Package written to %1; not checked: cmake was not found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="138"/>
        <source>The package is written, but cmake could not be started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="144"/>
        <source>Package written to %1 and configured (cmake -S %1 -B %1/build).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="150"/>
        <source>The package is written, but it does not configure (cmake exit code %1):
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/services/export_service.cpp" line="154"/>
        <source>Checking that the package configures: cmake -S %1 -B %1/build</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::FamilySpaces</name>
    <message>
        <location filename="../app/gui/services/family_spaces.cpp" line="44"/>
        <source>missing parameters: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/services/family_spaces.cpp" line="46"/>
        <source>parameters the family does not have: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::FitPlot</name>
    <message>
        <location filename="../app/gui/plots/fit_plot.cpp" line="53"/>
        <source>auto-tuned (rule)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::FitsPage</name>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="104"/>
        <source>No candidate has measurements at two or more one-dimensional sizes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="347"/>
        <source>No one-dimensional measurements for this device and family.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="350"/>
        <source>Fitting failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="354"/>
        <source>Sizes are m×n×k; only the cubes (m = n = k) are shown, by m.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="361"/>
        <source>Sizes are %1; only the squares (%2) are shown, by %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="367"/>
        <source>α chosen by GCV: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="421"/>
        <source>Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="422"/>
        <source>Family:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="423"/>
        <source>Top K:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="424"/>
        <source>How many candidates to fit, ranked by their mean measured value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="425"/>
        <source>α:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="426"/>
        <source>Smoothing weight of the d-spline (larger is smoother)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="427"/>
        <source>Smoothing weight α on a logarithmic scale, %1 to %2; the fit follows as you drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="429"/>
        <source>auto (GCV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="430"/>
        <source>Tolerance:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="431"/>
        <source>Size pipeline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="432"/>
        <source>Measure a family over sizes on a device and derive its dispatch rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="433"/>
        <source>A candidate within this percentage of the best keeps its interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="434"/>
        <source>From size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="434"/>
        <source>To size (excl.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="434"/>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="441"/>
        <source>Problem size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="442"/>
        <source>Value (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/fits_page.cpp" line="443"/>
        <source>Value (GFlop/s or GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::Format</name>
    <message>
        <location filename="../app/gui/format.cpp" line="11"/>
        <location filename="../app/gui/format.cpp" line="26"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="24"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="24"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="26"/>
        <source>%1 MHz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="28"/>
        <source>%1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="31"/>
        <source>%1 GFlop/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/format.cpp" line="31"/>
        <source>not supported</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="220"/>
        <source>KernelTune Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="221"/>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="222"/>
        <source>Tune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="223"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="224"/>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="225"/>
        <source>Fits &amp;&amp; Rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="226"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="227"/>
        <source>Bench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="228"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="229"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="230"/>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="231"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="232"/>
        <source>&amp;Open database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="233"/>
        <source>Choose the SQLite file that holds tuning results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="234"/>
        <source>&amp;Export package…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="235"/>
        <source>Write a tuned kernel package (C API, CBLAS drop-in, CMake) from this store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="236"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="238"/>
        <source>&amp;Refresh devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="239"/>
        <source>&amp;Status bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="240"/>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="241"/>
        <source>&amp;About KernelTune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="242"/>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="248"/>
        <source>Database: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249"/>
        <source>Database: %1 (not created yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="263"/>
        <source>Results database: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="267"/>
        <source>Open results database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="268"/>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="293"/>
        <source>About KernelTune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="294"/>
        <source>&lt;h3&gt;KernelTune %1&lt;/h3&gt;&lt;p&gt;A workbench for auto-tuning GPU kernels (GEMM, BLAS3, batched GEMM, SYMV) on OpenCL and CUDA devices: explore parameter spaces, measure and verify candidates, fit performance over problem sizes and derive dispatch rules.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::MetricCurvePlot</name>
    <message>
        <location filename="../app/gui/plots/metric_curve_plot.cpp" line="204"/>
        <source>%1 % of bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/metric_curve_plot.cpp" line="237"/>
        <source>Problem size (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/metric_curve_plot.cpp" line="238"/>
        <source>Problem size (geometric mean of %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/plots/metric_curve_plot.cpp" line="240"/>
        <source>% of the bound</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::PipelinePanel</name>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="124"/>
        <source>Choose a device and a family with one size dimension.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="140"/>
        <source>Sizes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="147"/>
        <source>The detail sizes need at least two distinct sizes: the rule covers their range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="157"/>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="165"/>
        <source>Cancelling after the current candidate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="174"/>
        <source>Phase: %1 — %2 of %3 evaluations, %4 measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="175"/>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="187"/>
        <source>Run %1: rule %2 stored with %3 intervals (%4 measurements). %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="194"/>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="196"/>
        <source>Run %1 %2; continue it with: ktune pipeline --resume %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="218"/>
        <source>Size pipeline: sieve, detailed sampling, d-spline fits and a dispatch rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="219"/>
        <source>Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="220"/>
        <source>Family:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="221"/>
        <source>Budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="222"/>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="223"/>
        <source>Most evaluations (one kernel at one size) of the sieve; 0: every valid point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="224"/>
        <source>Finalists:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="225"/>
        <source>Kernels sampled over the detail sizes and fitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="226"/>
        <source>Ranks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="227"/>
        <source>Kernels that score per sieve size: rank r of R scores (R − r)/R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="228"/>
        <source>Keep each sieve size&apos;s winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="229"/>
        <source>The fastest kernel at each sieve size is a finalist whatever its points, so a kernel best only at the largest size can still win there in the rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="231"/>
        <source>Incremental:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="232"/>
        <source>every detail size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="233"/>
        <source>Sample the finalists at this many detail sizes first, then only where the fits leave the winner uncertain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="235"/>
        <source>Sieve sizes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="236"/>
        <source>1000,2800,4600,6400,8200,10000 (default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="237"/>
        <source>Detail sizes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="238"/>
        <source>100:10000:48 (from:to:count, default) or a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="239"/>
        <source>Run pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/pipeline_panel.cpp" line="240"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::ProfileService</name>
    <message>
        <location filename="../app/gui/services/profile_service.cpp" line="43"/>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::ResultsModel</name>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="21"/>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="22"/>
        <source>compile error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="23"/>
        <source>launch error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="24"/>
        <source>wrong result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="25"/>
        <source>timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="26"/>
        <source>worker crash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="27"/>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="144"/>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="145"/>
        <source>Family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="146"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="147"/>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="148"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="149"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="150"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="151"/>
        <source>Median (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/models/results_model.cpp" line="152"/>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::ResultsPage</name>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="185"/>
        <source>Select a measurement to see its candidate&apos;s parameters, generated source and log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="201"/>
        <source>unreadable candidate key &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="204"/>
        <source>%1 on %2 — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="213"/>
        <source>// The family &apos;%1&apos; is not part of this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="216"/>
        <source>// The device %1 is not recorded in the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="220"/>
        <source>kernels: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="225"/>
        <source>options: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="247"/>
        <source>// The source could not be generated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="250"/>
        <source>(no messages: status %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="277"/>
        <source>Filter (device, family, candidate, status, error…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="278"/>
        <source>%1 of %2 measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="279"/>
        <source>Generated source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="280"/>
        <source>Error / build log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="281"/>
        <source>All measurements of this candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Median (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/results_page.cpp" line="283"/>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::RunPage</name>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="263"/>
        <source> · Space: edited on the Tune page (%1 combinations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="44"/>
        <source>sizes: &apos;%1&apos; is not a size (expected e.g. 1024 or 256x256x128)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="56"/>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="57"/>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="58"/>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="59"/>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="60"/>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="61"/>
        <source>interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="171"/>
        <source>pausing after the current candidate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="187"/>
        <source>cancelling after the current candidate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="251"/>
        <source>(choose one on the Devices page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="252"/>
        <source>(choose one on the Tune page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="255"/>
        <source>Device: &lt;b&gt;%1&lt;/b&gt; · Family: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="259"/>
        <source>Devices (checked, one run each): &lt;b&gt;%1&lt;/b&gt; · Family: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="273"/>
        <source>Choose a device on the Devices page first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="274"/>
        <source>Choose a kernel family on the Tune page first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="362"/>
        <source>Run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="363"/>
        <source>Run %1: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="438"/>
        <source>No run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="455"/>
        <source>Elapsed %1 · ETA %2 · reused %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="470"/>
        <source>Best so far: &lt;b&gt;%1 %2&lt;/b&gt; (%3 % of the bound) at size %4 — %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="477"/>
        <source>Best so far: &lt;b&gt;%1 %2&lt;/b&gt; at size %3 — %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="479"/>
        <source>Best so far: –</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="489"/>
        <source>Strategy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="490"/>
        <source>Warm start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="491"/>
        <source>Measure known-good kernels first: for a BLAS3 routine the best GEMM kernels stored for this device, then the family&apos;s own (for GEMM: the papers&apos; fastest); the random, annealing and surrogate strategies start from them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="493"/>
        <source>Max. evaluations:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="494"/>
        <location filename="../app/gui/pages/run_page.cpp" line="496"/>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="495"/>
        <source>Time limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="497"/>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="498"/>
        <source>Sizes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="499"/>
        <source>family defaults (e.g. 1024,2048 or 256x256x128)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="500"/>
        <source>&amp;Start run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="501"/>
        <source>Run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="502"/>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="503"/>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="504"/>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="505"/>
        <source>Top candidates over size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="506"/>
        <source>All candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="507"/>
        <source>Failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="508"/>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="508"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="508"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/run_page.cpp" line="508"/>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::SettingsDialog</name>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="50"/>
        <source>Results database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="51"/>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="75"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="76"/>
        <source>Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="77"/>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="78"/>
        <source>The interface switches language immediately; texts computed by the libraries (family descriptions, error messages) stay in English.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="80"/>
        <source>Results database:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="81"/>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/dialogs/settings_dialog.cpp" line="82"/>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::SpaceEditor</name>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="118"/>
        <source>give at least one value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="126"/>
        <source>&apos;%1&apos; is not an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="131"/>
        <source>%1 is listed twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="164"/>
        <location filename="../app/gui/pages/space_editor.cpp" line="244"/>
        <source>Values of %1, separated by commas or spaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="213"/>
        <source>Constraint %1: unknown name &apos;%2&apos; (not a parameter, a variable or a DEV_ device variable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="218"/>
        <source>Constraint %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="219"/>
        <source>Constraint %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="250"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="290"/>
        <source>Parameters and their values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="291"/>
        <source>Constraints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="292"/>
        <source>Expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="292"/>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="293"/>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="294"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="295"/>
        <source>Add a constraint (a C-like integer expression over the parameters and DEV_ device variables)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/space_editor.cpp" line="297"/>
        <source>Remove the selected constraints</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::StoredRunsBar</name>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="32"/>
        <source>Stored runs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="76"/>
        <source>Run %1 was tuned on %2, which this machine does not list; continue it there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="88"/>
        <source>Run %1 is not a stored run that can continue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="98"/>
        <source>Run %1 · %2 · %3 · %4, %n measured</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="101"/>
        <source> (device not on this machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="109"/>
        <source>(none: every stored run completed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="122"/>
        <source>Stored runs to continue:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="123"/>
        <source>C&amp;ontinue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/stored_runs_bar.cpp" line="124"/>
        <source>Continues the chosen run where it stopped (cancelled, or its process died): what it measured is kept and not measured again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::TunePage</name>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="437"/>
        <source>Correct the errors above to count the valid variants.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="438"/>
        <source>(for the last valid space: correct the errors above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="447"/>
        <source>Correct the errors in the space or the sizes first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="490"/>
        <source>Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="491"/>
        <source>Load a built-in space for this family into the editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="493"/>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="494"/>
        <source>Load a parameter space from a JSON file (the format of ktune tune --space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="495"/>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="496"/>
        <source>Save the edited parameter space as a JSON file (for ktune tune --space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="140"/>
        <source>Load parameter space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="141"/>
        <location filename="../app/gui/pages/tune_page.cpp" line="147"/>
        <source>Parameter spaces (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="146"/>
        <source>Save parameter space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="272"/>
        <location filename="../app/gui/pages/tune_page.cpp" line="492"/>
        <source>Family default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="290"/>
        <source>Select a device and a family before loading a space.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="295"/>
        <source>Not loaded: cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="304"/>
        <source>Not loaded: %1 does not fit the family %2 (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="310"/>
        <source>Not loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="315"/>
        <source>Loaded %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="322"/>
        <source>Not saved: correct the errors in the space first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="330"/>
        <source>Not saved: cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="335"/>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="431"/>
        <source>Valid variants: more than %1 of %2 combinations (a tuning budget decides how many are measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="506"/>
        <source>Problem sizes (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="507"/>
        <source>empty: the family&apos;s defaults for the device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="508"/>
        <source>Sizes to tune, separated by commas: all dimensions (e.g. 256x256x128) or one number (a cube when the family has several dimensions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="220"/>
        <source>No kernel families are registered in this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="224"/>
        <source>Select a device on the Devices page: constraints depend on the device&apos;s limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="502"/>
        <source>Name: %1 · Metric: %2 · Size dimensions: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="236"/>
        <source>The family&apos;s parameter space could not be built for this device: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="429"/>
        <source>The constraints could not be evaluated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="427"/>
        <source>Valid variants: counting… (of %1 combinations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="434"/>
        <source>Valid variants: %1 of %2 combinations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/pages/tune_page.cpp" line="497"/>
        <source>Start run…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kt::gui::TuningRunService</name>
    <message>
        <location filename="../app/gui/services/tuning_run_service.cpp" line="268"/>
        <source>A run is already active on %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
