import { z } from 'zod';
import { ROLES, type Role } from '../roles.ts';
import { changePasswordSchema, loginSchema } from '../schemas/auth.ts';
import { gatewaySettingSchema, paymentGatewayRecordSchema } from '../schemas/gateways.ts';
import { addMemberSchema, deleteMemberSchema, teamMemberRecordSchema, updateMemberSchema } from '../schemas/team.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';
import { signInReplySchema } from './sign-in.ts';

export const AUTH_API = {
  login: at('POST', '/admin/admin-login'),
  userInfo: at('GET', '/user_info'),
  changePassword: at('POST', '/admin/change-password'),
};

export const GATEWAY_API = {
  list: at('GET', '/admin/payment-gateways'),
  activate: at('POST', '/admin/payment-gateway-setting'),
};

export const TEAM_API = {
  list: at('GET', '/admin/get-team-member-list'),
  info: at('GET', '/admin/team-member-info/:id'),
  types: at('GET', '/admin/get-team-member-type'),
  add: at('POST', '/admin/add-team-member'),
  update: at('POST', '/admin/update-team-member'),
  remove: at('PUT', '/admin/delete-team-member'),
};

const role = z.enum(ROLES as [Role, ...Role[]]);
const team = { capability: 'team.manage' } as const;
const gateways = { capability: 'gateways.manage' } as const;

export const AUTH_CONTRACTS = {
  login: contract(AUTH_API.login, {
    summary: 'Sign in',
    description:
      'Returns the staff token to send in Authorization, or, with two-factor sign-in on, a challenge for admin-login/verify. Limited per IP address (429 beyond it).',
    tag: 'Auth',
    access: { scope: 'public' },
    body: loginSchema,
    data: signInReplySchema,
  }),
  userInfo: contract(AUTH_API.userInfo, {
    summary: 'The signed-in member, read afresh from the database',
    tag: 'Auth',
    access: { capability: 'signedIn', beforeTwoFactor: true },
    data: z.strictObject({ id: z.string(), name: z.string(), email: z.string(), type: role }),
  }),
  changePassword: contract(AUTH_API.changePassword, {
    summary: 'Change the own password (every session of the member ends)',
    tag: 'Auth',
    access: { capability: 'signedIn', reauth: true },
    body: changePasswordSchema,
    data: null,
  }),
};

export const TEAM_CONTRACTS = {
  list: contract(TEAM_API.list, {
    summary: 'Team members',
    tag: 'Team',
    access: team,
    data: z.array(teamMemberRecordSchema),
  }),
  info: contract(TEAM_API.info, {
    summary: 'One team member',
    tag: 'Team',
    access: team,
    params: z.object({ id: z.string().max(64) }),
    data: teamMemberRecordSchema,
  }),
  types: contract(TEAM_API.types, {
    summary: 'The member types the caller may give',
    tag: 'Team',
    access: team,
    data: z.array(role),
  }),
  add: contract(TEAM_API.add, {
    summary: 'Add a team member',
    description:
      'Adding an Admin needs a confirmation (reauth) made in the last 10 minutes (403 `reauthRequired` otherwise).',
    tag: 'Team',
    access: team,
    body: addMemberSchema,
    success: [201],
    data: teamMemberRecordSchema,
  }),
  update: contract(TEAM_API.update, {
    summary: 'Change a team member (a blank password keeps the current one)',
    description:
      'Changing an Admin, or making someone one, needs a confirmation (reauth) made in the last 10 minutes (403 `reauthRequired` otherwise).',
    tag: 'Team',
    access: team,
    body: updateMemberSchema,
    data: teamMemberRecordSchema,
  }),
  remove: contract(TEAM_API.remove, {
    summary: 'Delete a team member',
    tag: 'Team',
    access: team,
    body: deleteMemberSchema,
    data: null,
  }),
};

export const GATEWAY_CONTRACTS = {
  list: contract(GATEWAY_API.list, {
    summary: 'Payment gateways',
    tag: 'Gateways',
    access: gateways,
    data: z.array(paymentGatewayRecordSchema),
  }),
  activate: contract(GATEWAY_API.activate, {
    summary: 'Make a gateway the active one of its domain',
    tag: 'Gateways',
    access: { ...gateways, reauth: true },
    body: gatewaySettingSchema,
    data: paymentGatewayRecordSchema,
  }),
};
