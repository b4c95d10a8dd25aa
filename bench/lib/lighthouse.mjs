// Lighthouse (npm `lighthouse`, pinned to 12) against pages of a running platform, with its default
// settings: a mobile phone, simulated slow 4G and a 4× slower CPU. The browser is the machine's Chromium,
// started here with a DevTools port for Lighthouse to drive.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

/** The four categories Lighthouse scores (0–100), as its report names them. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * @typedef {object} LighthouseRun
 * @property {Record<string, number>} scores  each of CATEGORIES, 0–100
 * @property {number} lcpMs   Largest Contentful Paint
 * @property {number} tbtMs   Total Blocking Time
 * @property {number} cls     Cumulative Layout Shift
 * @property {number} fcpMs   First Contentful Paint
 * @property {number} speedIndexMs
 * @property {string | null} lcpElement  what the largest paint was, as Lighthouse describes it
 * @property {string[]} warnings  Lighthouse's own (a slow machine, a page that redirected…)
 * @property {number} benchmarkIndex  Lighthouse's own measure of this machine's CPU (higher is faster):
 *   its 4x CPU slowdown is meant for a machine of about 1,500 to 2,000; on a slower one the simulated
 *   phone is slower than the one the targets mean, and TBT and Performance suffer
 */

/**
 * Starts headless Chromium with a DevTools port for Lighthouse.
 * @param {{ chromium: string }} o
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export async function startChromiumForLighthouse({ chromium }) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-lighthouse-'));
  const child = spawn(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise((resolve, reject) => {
      let said = '';
      const timer = setTimeout(() => reject(new Error(`${chromium} did not open its DevTools port`)), 30_000);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${chromium} exited (${code}) before opening its DevTools port: ${said.trim()}`));
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => {
        said += chunk;
        const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said);
        if (found) {
          clearTimeout(timer);
          resolve(Number(found[1]));
        }
      });
    });
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * One Lighthouse run of `url` (mobile, default throttling).
 * @param {string} url  @param {number} port  the DevTools port of startChromiumForLighthouse
 * @param {string} [reportPath]  where to keep Lighthouse's whole report (JSON), to read its audits
 * @returns {Promise<LighthouseRun>}
 */
export async function runLighthouse(url, port, reportPath) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (reportPath) {
    fs.mkdirSync(path.dirname(reportPath), { recursive: true });
    fs.writeFileSync(reportPath, JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
  /** @type {any} the LCP element audit's details have no narrower type in Lighthouse's own */
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details;
  const lcpNode = lcpDetails?.items?.[0]?.items?.[0]?.node ?? lcpDetails?.items?.[0]?.node;
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? NaN) * 100)]),
    ),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(audit('first-contentful-paint')),
    speedIndexMs: Math.round(audit('speed-index')),
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}`.trim() : null,
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
  };
}
