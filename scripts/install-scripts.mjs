#!/usr/bin/env node
// `npm run install-scripts`: runs the install scripts package.json approves, and only those.
// .npmrc sets ignore-scripts, so `npm install` and `npm ci` run no dependency's script (on every
// npm version, not only those that read package.json's `allowScripts`). This reads that same
// field: a dependency marked true has its scripts run here (`npm rebuild`), one marked false never
// does, and one with install scripts that is in neither list stops the run until someone decides.
// `npm start`, `npm test` and the ops commands call it first; it does nothing once done for the
// installed lockfile.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'node_modules', '.parity-install-scripts');

/** The installed packages with install scripts, by name, as npm's lockfile records them. */
function packagesWithInstallScripts(lock) {
  const names = new Set();
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (!entry.hasInstallScript || !location.includes('node_modules/')) continue;
    // An optional dependency for another platform is in the lockfile but not on disk.
    if (!fs.existsSync(path.join(root, location, 'package.json'))) continue;
    names.add(location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length));
  }
  return [...names].sort();
}

/** Runs the approved install scripts unless already run for this lockfile; exits 1 on an unreviewed one. */
export function runApprovedInstallScripts({ quiet = false } = {}) {
  const lockText = fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  const allow = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).allowScripts ?? {};
  const digest = crypto.createHash('sha256').update(lockText).update(JSON.stringify(allow)).digest('hex');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === digest) return;

  const withScripts = packagesWithInstallScripts(JSON.parse(lockText));
  const unreviewed = withScripts.filter((name) => typeof allow[name] !== 'boolean');
  if (unreviewed.length) {
    console.error(
      `These dependencies have install scripts nobody reviewed: ${unreviewed.join(', ')}.\n` +
        'Read what each runs, then list it in package.json\'s "allowScripts" as true (run) or false (never).',
    );
    process.exit(1);
  }
  const approved = withScripts.filter((name) => allow[name] === true);
  const denied = withScripts.filter((name) => allow[name] === false);
  if (!quiet) {
    console.info(
      `Install scripts: running ${approved.join(', ') || 'none'}` +
        (denied.length ? `; never run: ${denied.join(', ')}` : ''),
    );
  }
  if (approved.length) {
    const result = spawnSync('npm', ['rebuild', ...approved, '--ignore-scripts=false'], {
      cwd: root,
      stdio: quiet ? 'ignore' : 'inherit',
    });
    if (result.status !== 0) {
      console.error(`npm rebuild ${approved.join(' ')} failed`);
      process.exit(result.status ?? 1);
    }
  }
  fs.writeFileSync(marker, digest);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runApprovedInstallScripts();
