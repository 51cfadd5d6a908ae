import { createActor, fromPromise, setup, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { toMessage } from './dev-inspect';
import { redact, redactEvent, redactSnapshot, type InspectorMessage } from './protocol';

describe('what the inspector is told', () => {
  it('masks OTPs, dates of birth, tokens and mobile numbers, keeps the rest', () => {
    expect(
      redact({
        mobile: '9876543210',
        otp: '123456',
        studentDetails: { dob: '2008-04-01', studentName: 'Asha' },
        registrationToken: 'abc.def.ghi',
        exam: { centre: 'DEL01' },
        to: '9876543210',
        sentTo: '9876543210',
      }),
    ).toEqual({
      mobile: '98******10',
      otp: '••••••',
      studentDetails: { dob: '••••••••', studentName: 'Asha' },
      registrationToken: '••••••••',
      exam: { centre: 'DEL01' },
      to: '98******10',
      sentTo: '98******10',
    });
  });

  it('keeps a snapshot\'s state value, even where a state is called "code"', () => {
    expect(
      redactSnapshot({
        value: { codeEntry: { code: 'verifying' } },
        status: 'active',
        context: { code: '1234' },
      }),
    ).toEqual({ value: { codeEntry: { code: 'verifying' } }, status: 'active', context: { code: '••••' } });
  });

  it('masks what is typed into the OTP, mobile and date-of-birth fields', () => {
    expect(redactEvent({ type: 'otp.change', value: '4321' })).toEqual({ type: 'otp.change', value: '••••' });
    expect(redactEvent({ type: 'mobile.change', value: '9876543210' })).toEqual({
      type: 'mobile.change',
      value: '98******10',
    });
    expect(redactEvent({ type: 'password.change', value: '01/04/2008' })).toEqual({
      type: 'password.change',
      value: '••••••••',
    });
    expect(redactEvent({ type: 'rollNumber.change', value: '123' })).toEqual({
      type: 'rollNumber.change',
      value: '123',
    });
  });

  it('turns XState inspection events into @statelyai/inspect shapes, with microsteps', async () => {
    const machine = setup({
      types: { events: {} as { type: 'otp.submit'; otp: string } },
      actors: { check: fromPromise(async () => 'ok') },
    }).createMachine({
      id: 'tiny',
      initial: 'idle',
      context: { mobile: '9876543210' },
      states: {
        idle: { on: { 'otp.submit': 'checking' } },
        checking: { invoke: { id: 'check', src: 'check', onDone: 'done', onError: 'idle' } },
        done: { type: 'final' },
      },
    });
    const messages: InspectorMessage[] = [];
    const actor = createActor(machine, {
      inspect: (e: InspectionEvent) => {
        const m = toMessage(e);
        if (m) messages.push(m);
      },
    }).start();
    actor.send({ type: 'otp.submit', otp: '111222' });
    await new Promise((r) => setTimeout(r, 10));
    const types = messages.map((m) => m.type);
    expect(types).toContain('@xstate.actor');
    const rootActor = messages.find((m) => m.type === '@xstate.actor' && m.name === 'tiny');
    expect(rootActor).toBeDefined();
    // A machine says which chart it is drawn on; the promise it invokes is no machine.
    expect(rootActor?.type === '@xstate.actor' && rootActor.machine).toBe('tiny');
    const check = messages.find((m) => m.type === '@xstate.actor' && m.name === 'check');
    expect(check?.type === '@xstate.actor' && check.machine).toBeUndefined();
    const first = messages.find((m) => m.type === '@xstate.snapshot' && m.sessionId === rootActor?.sessionId);
    expect(first && 'snapshot' in first && first.snapshot).toMatchObject({
      context: { mobile: '98******10' },
    });
    const sent = messages.find((m) => m.type === '@xstate.event' && m.event.type === 'otp.submit');
    expect(sent && 'event' in sent && sent.event).toEqual({ type: 'otp.submit', otp: '••••••' });
    const step = messages.find((m) => m.type === '@xstate.microstep' && m.event.type === 'otp.submit');
    expect(step && step.type === '@xstate.microstep' && step.transitions).toEqual([
      { source: 'tiny.idle', targets: ['tiny.checking'], eventType: 'otp.submit' },
    ]);
    const last = messages
      .filter((m) => m.type === '@xstate.snapshot' && m.sessionId === rootActor?.sessionId)
      .at(-1);
    expect(last && 'snapshot' in last && last.snapshot).toMatchObject({ value: 'done', status: 'done' });
    expect(() => structuredClone(messages)).not.toThrow();
  });

  it('keeps actors of different pages apart: each page numbers its sessions from x:0 again', () => {
    // What two pages (the login page, then the dashboard) send: the same session ids, each from
    // its own actor system.
    const page = (machineId: string) => {
      const system = {};
      const root = { sessionId: 'x:0', id: machineId, system, logic: { config: { id: machineId } } };
      const child = { sessionId: 'x:1', id: 'load', system, _parent: root, logic: {} };
      const announce = (actorRef: object) =>
        toMessage({
          type: '@xstate.actor',
          actorRef: { ...actorRef, getSnapshot: () => ({ value: 'idle', context: {} }) },
          rootId: 'x:0',
        } as unknown as InspectionEvent);
      return { root: announce(root), child: announce(child) };
    };
    const login = page('login');
    const dashboard = page('dashboard');
    expect(login.root?.sessionId).not.toBe(dashboard.root?.sessionId);
    expect(login.child?.sessionId).not.toBe(dashboard.child?.sessionId);
    // Within a page the ids still join up: the child names its root as parent and as root.
    expect(dashboard.child?.type === '@xstate.actor' && dashboard.child.parentId).toBe(
      dashboard.root?.sessionId,
    );
    expect(dashboard.child?.rootId).toBe(dashboard.root?.sessionId);
    expect(dashboard.root?.rootId).toBe(dashboard.root?.sessionId);
  });
});
