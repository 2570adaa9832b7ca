import { PGlite } from '@electric-sql/pglite';

let t = Date.now();
const p = new PGlite();
await p.waitReady;
console.log('init', Date.now() - t);
t = Date.now();
await p.exec('create table x(id int)');
console.log('q', Date.now() - t);
t = Date.now();
const dump = await p.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const p2 = new PGlite({ loadDataDir: dump });
await p2.waitReady;
console.log('load', Date.now() - t);
console.log((await p2.query('select count(*) from x')).rows);
