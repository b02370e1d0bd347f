// Runs the real niagara-server on an ephemeral port of 127.0.0.1 with its own data directory.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export async function startServer({ binary, webRoot, extraArgs = [] }) {
    if (!fs.existsSync(binary)) throw new Error(`no server binary at ${binary} (build it first)`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'niagara-webtest-'));
    const portFile = path.join(dir, 'port');
    const args = [
        '--bind',
        '127.0.0.1',
        '--port',
        '0',
        '--port-file',
        portFile,
        '--data',
        path.join(dir, 'data'),
        '--web',
        webRoot,
        '--log-level',
        'warn',
        '--threads',
        '2',
        ...extraArgs,
    ];
    const log = fs.openSync(path.join(dir, 'server.log'), 'w');
    const child = spawn(binary, args, { stdio: ['ignore', log, log] });
    let exited = null;
    child.on('exit', (code, signal) => {
        exited = { code, signal };
    });
    for (let i = 0; i < 200 && !exited; i++) {
        const text = fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8').trim() : '';
        if (/^\d+$/.test(text)) {
            const port = Number(text);
            return {
                url: `http://127.0.0.1:${port}/`,
                dir,
                log: () => fs.readFileSync(path.join(dir, 'server.log'), 'utf8'),
                async stop() {
                    if (!exited) {
                        child.kill('SIGTERM');
                        for (let j = 0; j < 50 && !exited; j++) await sleep(100);
                        if (!exited) child.kill('SIGKILL');
                    }
                    fs.rmSync(dir, { recursive: true, force: true });
                },
            };
        }
        await sleep(50);
    }
    const output = fs.readFileSync(path.join(dir, 'server.log'), 'utf8');
    child.kill('SIGKILL');
    throw new Error(`the server did not start (${JSON.stringify(exited)}):\n${output}`);
}
