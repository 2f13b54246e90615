import { MongoClient } from 'mongodb';
const c = new MongoClient(process.argv[2], { serverSelectionTimeoutMS: 5000 });
const t = Date.now();
try { await c.connect(); console.log('connected', Date.now() - t); console.log(await c.db('admin').command({ ping: 1 })); console.log((await c.db().admin().listDatabases()).databases.map((d) => d.name)); } catch (e) { console.log('err', e.message); }
await c.close();
