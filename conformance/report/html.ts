/**
 * The HTML report: one self-contained file (no external assets) a vendor can read. Results
 * are grouped by section of the API description (decisions last), failures first, each with
 * its request and the offending part of the response. Every `§` of the description it shows
 * (section headings, requirements) is a link to that section's heading in docs/contract.md of
 * this version (`CONTRACT_REFERENCE_URL`; the same page ships in the package's `docs/`), with the
 * section's title; an RFC's sections (`RFC 9110 §15.5.6`) stay plain text.
 */
import { citationSegments, CONTRACT_REFERENCE_URL, escapeMarkup, sectionLink } from '../../contract/index.js';
import type { CheckResult, Report } from '../types.js';

const esc = escapeMarkup;

/** Text escaped for HTML, each `§N` of the description a link to its heading in docs/contract.md (titled with the section's title). */
export function linkSections(text: string): string {
  return citationSegments(text)
    .map((s) => (s.link ? `<a href="${esc(s.link.url)}" title="§${esc(s.link.number)} ${esc(s.link.title)}">${esc(s.text)}</a>` : esc(s.text)))
    .join('');
}

/** A group's heading: `§4.1` becomes `§4.1 Marketplace A`, linked to its heading in docs/contract.md. */
function heading(name: string): string {
  const link = name.startsWith('§') ? sectionLink(name.slice(1)) : undefined;
  return link ? `<a href="${esc(link.url)}">${esc(name)} ${esc(link.title)}</a>` : esc(name);
}

/**
 * The group of a result: the section of the API description its requirement cites first
 * (`§4.1`; a subsection the description lacks counts as its top level), `Contract decisions` for
 * the kit's decisions, `Other` for a requirement that cites no section of the description (an
 * RFC's `§15.5.6` is not one).
 */
export function sectionOf(requirement: string): string {
  if (requirement.startsWith('decision')) return 'Contract decisions';
  const first = citationSegments(requirement).find((s) => s.link)?.link;
  return first ? `§${first.number}` : 'Other';
}

const ORDER: Record<string, number> = { fail: 0, skip: 1, pass: 2 };

function row(r: CheckResult): string {
  const req = r.request
    ? `<div class="req"><code>${esc(r.request.method)} ${esc(r.request.url)}</code>${r.status !== undefined ? ` → <b>${r.status}</b>` : ''}${r.count !== undefined && r.count > 1 ? ` · ${r.count} requests` : ''}</div>`
    : '';
  const curl = r.curl ? `<div class="req">reproduce: <code>${esc(r.curl)}</code></div>` : '';
  const loc = r.location !== undefined ? `<div>at <code>${esc(r.location || '(the body)')}</code></div>` : '';
  const ev = r.evidence ? `<details${r.outcome === 'fail' ? ' open' : ''}><summary>offending part of the response</summary><pre>${esc(r.evidence)}</pre></details>` : '';
  return `<tr class="${r.outcome}"><td class="o">${r.outcome}</td><td><b>${esc(r.check)}</b><br><small>${r.level}</small></td><td>${esc(r.operation)}</td><td>${esc(r.message)}${req}${curl}${loc}${ev}<div class="rq">${linkSections(r.requirement)}</div></td></tr>`;
}

/** The report as one HTML page. */
export function toHtml(report: Report): string {
  const groups = new Map<string, CheckResult[]>();
  for (const r of report.results) groups.set(sectionOf(r.requirement), [...(groups.get(sectionOf(r.requirement)) ?? []), r]);
  const names = [...groups.keys()].sort((a, b) => {
    const fa = groups.get(a)?.some((r) => r.outcome === 'fail') ? 0 : 1;
    const fb = groups.get(b)?.some((r) => r.outcome === 'fail') ? 0 : 1;
    if (fa !== fb) return fa - fb;
    if (a === 'Contract decisions') return 1;
    if (b === 'Contract decisions') return -1;
    return a.localeCompare(b, 'en', { numeric: true });
  });
  const s = report.summary;
  const sections = names
    .map((name) => {
      const list = [...(groups.get(name) ?? [])].sort((x, y) => (ORDER[x.outcome] ?? 3) - (ORDER[y.outcome] ?? 3) || x.check.localeCompare(y.check));
      const fails = list.filter((r) => r.outcome === 'fail').length;
      return `<section><h2>${heading(name)} <small>${fails > 0 ? `<span class="bad">${fails} failing</span>` : 'all passing'} · ${list.length} results</small></h2><table><thead><tr><th></th><th>check</th><th>operation</th><th>finding</th></tr></thead><tbody>${list.map(row).join('')}</tbody></table></section>`;
    })
    .join('\n');
  const errors = report.errors.length > 0 ? `<section><h2>Errors of the suite itself</h2><ul>${report.errors.map((e) => `<li>${esc(e.message)}</li>`).join('')}</ul></section>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance of ${esc(report.target.baseUrl)}: ${s.verdict}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d1d1f}h1{margin:0 0 .3rem}small{color:#666;font-weight:normal}
.verdict{display:inline-block;padding:.2rem .6rem;border-radius:4px;color:#fff;font-weight:bold}.verdict.pass{background:#2e7d32}.verdict.fail{background:#c62828}.verdict.inconclusive{background:#b26a00}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.4rem;vertical-align:top;text-align:left}
tr.fail td.o{color:#c62828;font-weight:bold}tr.pass td.o{color:#2e7d32}tr.skip td.o{color:#888}.bad{color:#c62828}
pre{background:#f5f5f7;padding:.5rem;overflow:auto;max-height:20rem}code{font-size:12px}.rq{color:#666;font-size:12px;margin-top:.3rem}h2 a{color:inherit}.req{margin-top:.3rem}
</style></head><body>
<h1>Conformance report <span class="verdict ${s.verdict}">${s.verdict.toUpperCase()}</span></h1>
<p>${esc(report.target.baseUrl)} · ${esc(report.startedAt)} · ${report.durationMs} ms · ${report.requests} requests (${report.phases.map((p) => `${esc(p.name)} ${p.requests}`).join(', ')}) · seed ${esc(JSON.stringify(report.seed))}${report.strict ? ' · strict' : ''}</p>
<p><b>${esc(s.reason)}</b></p>
<p><b>${s.pass}</b> passed · <b class="${s.fail ? 'bad' : ''}">${s.fail}</b> failed · <b>${s.skip}</b> skipped · must-level checks failing: <b>${s.mustFailed}</b> · should-level: <b>${s.shouldFailed}</b> · info (never failing): <b>${s.infoFailed ?? 0}</b></p>
${errors}
${sections}
<p><small>resale-kit ${esc(report.tool.version)} · format ${esc(report.format)} · each § links to its section in <a href="${esc(CONTRACT_REFERENCE_URL)}">docs/contract.md</a> (also in the package: node_modules/resale-kit/docs/contract.md)</small></p>
</body></html>
`;
}
