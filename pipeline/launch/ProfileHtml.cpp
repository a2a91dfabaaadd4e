//===- ProfileHtml.cpp - A recorded launch as one HTML page ---------------===//
//
// The timeline of a ProfileReport: per device a lane of kernels and a lane
// of data operations, over the recorded time; below, the per-op tables.
// Clicking a bar selects its op's row, which says where the op is (the
// .mlir line, the Fortran line, a vscode:// link). One file: inline style
// and script, no network (its Content-Security-Policy allows none), and
// every name (files, kernels, variables) escaped.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/FlangCommand.h"
#include "pipeline/launch/ProfileReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace ompx::pipeline;
using llvm::StringRef;

std::string ompx::pipeline::escapeHtml(StringRef text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  return out;
}

namespace {
const char kStyle[] = R"(
body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.5em}
.lane{display:flex;align-items:center;margin:2px 0}
.label{width:12em;flex:none;font-size:12px;color:#555}
.track{position:relative;flex:1;height:22px;background:#f3f3f3}
.bar{position:absolute;top:2px;height:18px;min-width:2px;cursor:pointer}
.kernel{background:#3b6fd4}.to{background:#2a9d5c}.from{background:#d08a1e}
.alloc{background:#9a9a9a}.release{background:#c8c8c8}
.unfinished{background:repeating-linear-gradient(45deg,#d33,#d33 4px,#f99 4px,#f99 8px)}
.axis{display:flex;justify-content:space-between;margin-left:12em;font-size:11px;color:#777}
table{border-collapse:collapse}td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;font-size:13px}
tr.sel{background:#fff3b0}#detail{margin:1em 0;padding:.5em;background:#f7f7f7;min-height:1.5em}
.run{color:#444}
)";

const char kScript[] = R"(
function pick(id){
  document.querySelectorAll('tr.sel').forEach(function(r){r.classList.remove('sel');});
  var row=document.getElementById(id);if(!row)return;
  row.classList.add('sel');row.scrollIntoView({block:'nearest'});
  document.getElementById('detail').textContent=row.getAttribute('data-detail');
}
document.querySelectorAll('[data-row]').forEach(function(e){
  e.addEventListener('click',function(){pick(e.getAttribute('data-row'));});
});
)";

std::string at(const SourceLocation &l) {
  return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
}

/// `vscode://file/PATH:LINE:COL`, the path percent-encoded.
std::string editorLink(const SourceLocation &l) {
  std::string out = "vscode://file";
  for (unsigned char c : l.file)
    if (llvm::isAlnum(c) || StringRef("/-._~").contains(c))
      out += c;
    else
      out += {'%', llvm::hexdigit(c >> 4), llvm::hexdigit(c & 15)};
  return out + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
}

/// Where a site is, as one line of text (escaped by the caller).
std::string whereText(const ProfileSite &s) {
  std::string out;
  if (s.source)
    out += at(*s.source);
  if (s.mlir)
    out += (out.empty() ? "" : "; ") + (s.op.empty() ? "op" : s.op) + " at " +
           at(*s.mlir);
  return out.empty() ? "(no location)" : out;
}

/// A table row of a site: `id`, its cells, the detail a click shows.
void row(std::string &out, StringRef id, const ProfileSite &s,
         StringRef figures) {
  std::string detail = s.name + " — " + whereText(s) + " — " + figures.str();
  out += "<tr id=\"" + escapeHtml(id) + "\" data-row=\"" + escapeHtml(id) +
         "\" data-detail=\"" + escapeHtml(detail) + "\"><td>" +
         escapeHtml(s.name) + "</td><td>" + escapeHtml(whereText(s)) +
         "</td><td>" + escapeHtml(figures) + "</td><td>";
  // A place is the record's or a sidecar's word: a link opens only a file
  // of the kind it names, never whatever path they hold.
  if (s.mlir && llvm::sys::path::extension(s.mlir->file) == ".mlir")
    out += "<a href=\"" + escapeHtml(editorLink(*s.mlir)) + "\">.mlir</a> ";
  if (s.source && llvm::sys::path::is_absolute(s.source->file) &&
      isFortranSource(s.source->file))
    out += "<a href=\"" + escapeHtml(editorLink(*s.source)) + "\">source</a>";
  out += "</td></tr>\n";
}

const char *kindClass(ProfileEvent::Kind k) {
  static const char *const names[] = {"kernel", "alloc", "to", "from",
                                      "release"};
  return names[k];
}

/// The lanes of the timeline: per device, kernels then data operations.
std::string lanes(const ProfileReport &r) {
  std::set<int> devices;
  for (const ProfileEvent &e : r.events)
    devices.insert(e.device);
  double span = r.spanNs ? double(r.spanNs) : 1.0;
  std::string out;
  for (int device : devices)
    for (bool kernels : {true, false}) {
      out += "<div class=\"lane\"><div class=\"label\">device " +
             std::to_string(device) + (kernels ? " · kernels" : " · data") +
             "</div><div class=\"track\">";
      for (const ProfileEvent &e : r.events) {
        if (e.device != device || (e.kind == ProfileEvent::Kernel) != kernels)
          continue;
        const ProfileSite &s =
            kernels ? r.kernels[e.index].site : r.maps[e.index].site;
        std::string title =
            std::string(kindClass(e.kind)) + " " + s.name + ": " +
            profileDuration(e.end - e.start) +
            (e.bytes ? ", " + std::to_string(e.bytes) + " bytes" : "") +
            (e.unfinished ? " (unfinished: the program ended during it)" : "");
        out += llvm::formatv(
                   "<div class=\"bar {0}{1}\" style=\"left:{2:F3}%;"
                   "width:{3:F3}%\" data-row=\"{4}{5}\" "
                   "title=\"{6}\"></div>",
                   kindClass(e.kind), e.unfinished ? " unfinished" : "",
                   100.0 * e.start / span, 100.0 * (e.end - e.start) / span,
                   kernels ? "k" : "m", e.index, escapeHtml(title))
                   .str();
      }
      out += "</div></div>\n";
    }
  out += "<div class=\"axis\"><span>0</span><span>" +
         escapeHtml(profileDuration(r.spanNs / 2)) + "</span><span>" +
         escapeHtml(profileDuration(r.spanNs)) + "</span></div>\n";
  return out;
}
} // namespace

std::string ompx::pipeline::profileHtml(const ProfileReport &r) {
  std::string name = llvm::sys::path::filename(r.input).str();
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
      "'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
      "<title>ompx profile: " +
      escapeHtml(name) + "</title>\n<style>" + kStyle +
      "</style></head>\n<body>\n<h1>Profile of " + escapeHtml(name) +
      "</h1>\n<p class=\"run\">" +
      escapeHtml(StringRef(formatProfileSummary(r, 1)).take_until([](char c) {
        return c == '\n';
      })) +
      "</p>\n";
  if (!r.events.empty())
    out += lanes(r);
  out += "<div id=\"detail\">Click a bar or a row: its op and figures show "
         "here.</div>\n";
  if (!r.kernels.empty()) {
    out += "<h2>Kernels</h2>\n<table><tr><th>kernel</th><th>where</th>"
           "<th>figures</th><th></th></tr>\n";
    for (size_t i = 0; i < r.kernels.size(); ++i)
      row(out, "k" + std::to_string(i), r.kernels[i].site,
          kernelFigures(r.kernels[i]));
    out += "</table>\n";
  }
  if (!r.maps.empty()) {
    out += "<h2>Map entries</h2>\n<table><tr><th>variable</th><th>where</th>"
           "<th>figures</th><th></th></tr>\n";
    for (size_t i = 0; i < r.maps.size(); ++i)
      row(out, "m" + std::to_string(i), r.maps[i].site, mapFigures(r.maps[i]));
    out += "</table>\n";
  }
  if (r.droppedEvents)
    out += "<p>The timeline shows the first " +
           std::to_string(kMaxProfileEvents) + " events; " +
           std::to_string(r.droppedEvents) +
           " more are in the totals only.</p>\n";
  return out + "<script>" + kScript + "</script>\n</body></html>\n";
}
