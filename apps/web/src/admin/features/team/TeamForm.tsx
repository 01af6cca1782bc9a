import { ADMIN_ROUTE, canManageMember, encodeId, isRole, SERVER_MSG } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormField } from '../../../components/FormField.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { selectUser, useAppSelector } from '../../../store/index.ts';
import {
  useAddTeamMemberMutation,
  useGetTeamMemberInfoQuery,
  useGetTeamMemberTypesQuery,
  useUpdateTeamMemberMutation,
} from './api.ts';
import {
  addMemberForm,
  editMemberForm,
  MEMBER_FIELDS,
  type MemberFormOutput,
  type MemberFormValues,
} from './schema.ts';

const EMPTY: MemberFormValues = { name: '', email: '', password: '', type: '' };

/** Add a member, or edit one when `memberId` (the encoded id from the path) is given. */
export function TeamForm({ memberId }: { memberId: string | null }) {
  const editing = memberId !== null;
  const navigate = useNavigate();
  const role = useAppSelector((state) => state.auth.role);
  const me = useAppSelector(selectUser);

  const types = useGetTeamMemberTypesQuery();
  const info = useGetTeamMemberInfoQuery(memberId ?? '', { skip: !editing });
  const [addMember, addState] = useAddTeamMemberMutation();
  const [updateMember, updateState] = useUpdateTeamMemberMutation();
  const saving = addState.isLoading || updateState.isLoading;

  const schema = editing ? editMemberForm : addMemberForm;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<MemberFormValues, unknown, MemberFormOutput>({
    resolver: zodResolver(schema) as Resolver<MemberFormValues, unknown, MemberFormOutput>,
    defaultValues: EMPTY,
  });

  const member = info.error ? undefined : info.data?.data;
  // The server refuses a change to one's own type (DESIGN §7: the screens hide what it refuses). The
  // member's id as the server sends it, not the address, which may spell the same id differently.
  const self = member !== undefined && me !== null && member.id === encodeId(me.id);
  useEffect(() => {
    // The password is never sent back: edit mode starts with it blank, which keeps the current one.
    if (member) reset({ name: member.name, email: member.email, password: '', type: member.type });
  }, [member, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      notify(editing ? await updateMember({ ...values, tmId: memberId }).unwrap() : await addMember(values).unwrap());
    } catch (caught) {
      // the base query toasted the refusal; its field messages go under their fields too
      for (const [field, message] of Object.entries(fieldErrors(refusalOf(caught)))) {
        if ((MEMBER_FIELDS as readonly string[]).includes(field))
          setError(field as keyof MemberFormValues, { message });
      }
      return;
    }
    if (editing) await navigate(ADMIN_ROUTE.manageTeam);
    else reset(EMPTY);
  });

  if (editing && info.isLoading) return <Loading />;
  if (editing && info.error) {
    return (
      <Card body className="shadow-sm border-0">
        <p className="text-danger">{info.error.message}</p>
        <Link to={ADMIN_ROUTE.manageTeam}>Back to adding a member</Link>
      </Card>
    );
  }

  // A Manager may not edit an Admin (the list offers no Edit; this is the address typed by hand).
  if (member && role !== null && isRole(member.type) && !canManageMember(role, member.type)) {
    return (
      <Card body className="shadow-sm border-0">
        <p className="text-danger">{SERVER_MSG.managerAdminLimit}</p>
        <Link to={ADMIN_ROUTE.manageTeam}>Back to adding a member</Link>
      </Card>
    );
  }

  // Copied: cached server data is frozen. Editing oneself, only one's own type is offered.
  const typeOptions: string[] = self ? [] : types.error ? [] : [...(types.data?.data ?? [])];
  // A member's current type stays selectable even if this caller could not assign it afresh.
  if (member && !typeOptions.includes(member.type)) typeOptions.push(member.type);

  return (
    <Card className="shadow-sm border-0">
      <Card.Header className="bg-white fw-semibold">{editing ? 'Edit Team Member' : 'Add Team Member'}</Card.Header>
      <Card.Body>
        <Form noValidate onSubmit={onSubmit}>
          <FormField id="member-name" label="Name" error={errors.name?.message}>
            <Form.Control id="member-name" autoComplete="off" isInvalid={!!errors.name} {...register('name')} />
          </FormField>
          <FormField
            id="member-password"
            label="Password"
            error={errors.password?.message}
            hint={editing ? WEB_TEXT.keepPasswordHint : undefined}
          >
            <Form.Control
              id="member-password"
              type="password"
              autoComplete="new-password"
              isInvalid={!!errors.password}
              {...register('password')}
            />
          </FormField>
          <FormField id="member-email" label="Email ID" error={errors.email?.message}>
            <Form.Control
              id="member-email"
              type="email"
              autoComplete="off"
              isInvalid={!!errors.email}
              {...register('email')}
            />
          </FormField>
          <FormField
            id="member-type"
            label="Member Type"
            error={errors.type?.message}
            hint={self ? SERVER_MSG.ownTypeFixed : undefined}
          >
            <Form.Select id="member-type" isInvalid={!!errors.type} {...register('type')}>
              <option value="">Select Type</option>
              {typeOptions.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Form.Select>
          </FormField>
          <div className="d-flex gap-2">
            <Button type="submit" variant="primary" disabled={saving}>
              Submit
            </Button>
            {editing && (
              <Link to={ADMIN_ROUTE.manageTeam} className="btn btn-outline-secondary">
                Cancel
              </Link>
            )}
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
