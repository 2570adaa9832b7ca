import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The runtime the README promises: package.json's engines, every installed dependency's engines,
// the container image's Node.js, and npm running only the install scripts package.json approves.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface LockEntry {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
const supported = pkg.engines.node;
// The first release of each supported line: where npm would warn EBADENGINE if any dependency
// asked for more.
const floors = supported.split('||').map((range) => semver.minVersion(range.trim())!.version);
const nameAt = (location: string) => location.slice(location.lastIndexOf('node_modules/') + 13);

describe('the Node.js versions Parity supports', () => {
  it('lists one range per supported line, Node.js 20.19 and later LTS lines', () => {
    expect(floors).toEqual(['20.19.0', '22.13.0', '24.0.0', '26.0.0']);
    expect(semver.satisfies(process.version, supported)).toBe(true);
  });

  it('is supported by every dependency npm installs (no EBADENGINE)', () => {
    const refusing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      // Optional packages are other platforms' binaries: npm skips those it cannot use.
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!location.includes('node_modules/') || entry.optional || !range) continue;
      for (const floor of floors) {
        if (!semver.satisfies(floor, range)) {
          refusing.push(`${nameAt(location)}@${entry.version} wants ${range}, not ${floor}`);
        }
      }
    }
    expect(refusing).toEqual([]);
  });

  it('builds the container image on an LTS line it supports, not on Node.js 20', () => {
    const version = /^ARG NODE_VERSION=(\d+)$/m.exec(read('Dockerfile'))?.[1];
    expect(version).toBe('26');
    expect(semver.satisfies(`${version}.0.0`, supported)).toBe(true);
  });

  it('says the same in the README', () => {
    const runIt = read('README.md').split('## Run it')[1]!.split('\n## ')[0]!;
    for (const floor of floors) expect(runIt).toContain(floor.replace(/\.0$/, '').replace(/\.0$/, ''));
  });
});

describe('install scripts', () => {
  it('runs none during npm install or npm ci (.npmrc)', () => {
    const value = execFileSync('npm', ['config', 'get', 'ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(value.trim()).toBe('true');
  });

  it('has a decision in package.json for every dependency with install scripts: only esbuild runs', () => {
    const withScripts = new Set(
      Object.entries(lock.packages)
        .filter(([location, entry]) => location.includes('node_modules/') && entry.hasInstallScript)
        .map(([location]) => nameAt(location)),
    );
    expect([...withScripts].filter((name) => typeof pkg.allowScripts[name] !== 'boolean')).toEqual([]);
    expect(Object.keys(pkg.allowScripts).filter((name) => pkg.allowScripts[name])).toEqual(['esbuild']);
  });
});
