import { lifecycleConfigSchema, providerConfigSchema, separationProviderOf, speechToTextConfigSchema, voiceProviderOf } from './config';
import { pipInstall, readWorkerDockerfile, runCommands, stageEnv } from './dockerfile-test-support';
import { IMAGE_FILES } from './image/image-bundle';

const stages = readWorkerDockerfile();
const runtime = stages.at(-1);
if (!runtime) throw new Error('the Dockerfile has no stages');
const env = stageEnv(runtime);
const runs = runCommands(runtime);
const installs = runs.map(pipInstall).filter((i) => i !== undefined);

describe('the worker image', () => {
  it("runs the worker's image bundle, built before the image, and copies nothing else of the repository", () => {
    expect(stages.map((s) => s.name)).toEqual(['runtime']);
    const copies = runtime.instructions.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD').map((i) => i.args);
    expect(copies).toEqual(['containers/worker/dist/image/ ./']);
    const workdir = runtime.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1);
    expect(workdir?.args).toBe('/app');
    expect(env.FONTS_DIR).toBe(`/app/${IMAGE_FILES.fonts}`);
  });

  it('starts the bundle with node as its command, as an unprivileged user', () => {
    const last = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword).at(-1);
    expect(JSON.parse(last('CMD')?.args ?? 'null')).toEqual(['node', '--enable-source-maps', IMAGE_FILES.worker]);
    expect(runtime.instructions.some((i) => i.keyword === 'ENTRYPOINT')).toBe(false);
    expect(last('USER')?.args).toBe('node');
    // Nothing runs as root after the switch.
    const user = runtime.instructions.findIndex((i) => i.keyword === 'USER');
    expect(runtime.instructions.slice(user).some((i) => i.keyword === 'RUN')).toBe(false);
  });

  it('pins every Python package to an exact version', () => {
    const packages = installs.flatMap((i) => i.packages);
    expect(packages.length).toBeGreaterThan(0);
    for (const name of ['torch', 'torchaudio', 'openai-whisper', 'demucs', 'numpy', 'numba', 'tiktoken']) {
      expect(packages.some((p) => p.startsWith(`${name}==`))).toBe(true);
    }
    for (const spec of packages) expect(spec).toMatch(/^[A-Za-z0-9._-]+==[0-9][A-Za-z0-9.+]*$/);
    // One version of each: a package pinned twice would leave the second pin to win silently.
    const names = packages.map((p) => p.split('==')[0]?.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('takes PyTorch from the CPU-only index, before anything that depends on it', () => {
    const torchIndex = installs.findIndex((i) => i.packages.some((p) => p.startsWith('torch==')));
    expect(installs[torchIndex]?.indexUrl).toBe('https://download.pytorch.org/whl/cpu');
    expect(installs[torchIndex]?.packages.some((p) => p.startsWith('torchaudio=='))).toBe(true);
    const dependents = installs.findIndex((i) => i.packages.some((p) => /^(demucs|openai-whisper)==/.test(p)));
    expect(dependents).toBeGreaterThan(torchIndex);
    // Only PyTorch comes from there; everything else from the default index.
    expect(installs.filter((i) => i.indexUrl).length).toBe(1);
  });

  it('downloads the default models at build time into the folders the runtime reads', () => {
    const whisperModel = speechToTextConfigSchema.parse({}).WHISPER_MODEL;
    const demucsModel = providerConfigSchema.parse({}).DEMUCS_MODEL;
    expect(env.WHISPER_MODEL_DIR).toMatch(/^\/opt\//);
    expect(env.TORCH_HOME).toMatch(/^\/opt\//);
    expect(runs).toContain(`/opt/ml/bin/python -c "import whisper; whisper.load_model('${whisperModel}', download_root='${env.WHISPER_MODEL_DIR}')"`);
    expect(runs).toContain(`/opt/ml/bin/python -c "from demucs.pretrained import get_model; get_model('${demucsModel}')"`);
    // TORCH_HOME is set before the demucs download, so the weights land where the runtime looks.
    const torchHome = runtime.instructions.findIndex((i) => i.keyword === 'ENV' && i.args.includes('TORCH_HOME='));
    const download = runtime.instructions.findIndex((i) => i.keyword === 'RUN' && i.args.includes('get_model('));
    expect(torchHome).toBeGreaterThanOrEqual(0);
    expect(torchHome).toBeLessThan(download);
  });

  it('runs the production engines: ElevenLabs for voices, demucs and whisper', () => {
    expect(env.NODE_ENV).toBe('production');
    expect(env.VOICE_PROVIDER).toBe('elevenlabs');
    const config = providerConfigSchema.parse(env);
    expect(voiceProviderOf(config)).toBe('elevenlabs');
    expect(separationProviderOf(config)).toBe('demucs');
    expect(speechToTextConfigSchema.parse(env).STT_PROVIDER).toBe('whisper');
    // Even without the explicit names, NODE_ENV=production alone picks them.
    expect(voiceProviderOf(providerConfigSchema.parse({ NODE_ENV: env.NODE_ENV }))).toBe('elevenlabs');
  });

  it('starts from the Node image pinned by digest', () => {
    expect(runtime.from).toMatch(/^node:22-bookworm-slim@sha256:[0-9a-f]{64}$/);
  });

  it('installs nothing from npm: the bundle holds every package the worker imports', () => {
    expect(runCommands(runtime).filter((c) => /\b(npm|npx|yarn|pnpm)\b/.test(c))).toEqual([]);
  });

  it('checks its health by the job loop heartbeat, with the health check bundled beside the worker', () => {
    const healthcheck = runtime.instructions.filter((i) => i.keyword === 'HEALTHCHECK');
    expect(healthcheck).toHaveLength(1);
    expect(healthcheck[0]?.args.endsWith(`CMD ["node", "${IMAGE_FILES.healthcheck}"]`)).toBe(true);
    expect(env.WORKER_HEARTBEAT_FILE).toMatch(/^\/tmp\//);
    expect(lifecycleConfigSchema.parse(env).WORKER_HEARTBEAT_FILE).toBe(env.WORKER_HEARTBEAT_FILE);
  });
});

