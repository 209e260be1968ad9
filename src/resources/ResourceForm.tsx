import {
  AutocompleteInput,
  BooleanInput,
  CheckboxGroupInput,
  CreateBase,
  DateInput,
  EditBase,
  FormDataConsumer,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { Box, Button, Card, CardContent, InputAdornment } from '@mui/material';
import { Link, useNavigate } from 'react-router-dom';
import { useState } from 'react';
import { fieldLabel, type Field, type ResourceDeclaration } from '../../resources/define.ts';
import { textRule } from '../../resources/text-rule.ts';
import { PHONE_INPUT_LENGTH, ruleValidator } from '../../core/rules.ts';
import { findResource } from '../../resources/modules.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { PICKER_OPTIONS, recordTitle, type RecordLike } from '../../resources/display.ts';
import { AuthScopesInput } from './inputs/AuthScopesInput.tsx';
import { GeometryInput } from './inputs/GeometryInput.tsx';
import { ImageUploadInput } from './inputs/ImageUploadInput.tsx';
import { ReferenceArrayPicker } from './inputs/ReferenceArrayPicker.tsx';
import { TextListInput } from './inputs/TextListInput.tsx';
import { DeclaredSecret } from './inputs/RevealSecret.tsx';
import { resourcePath } from './paths.ts';
import { usePickable } from './pickable.ts';
import { ShownOnceDialog } from './ShownOnceDialog.tsx';

type Translate = ReturnType<typeof useTranslate>;

/** The declaration's rules as form validators, with the same messages the server sends. */
function validatorsOf(field: Field, label: string, translate: Translate): Validator[] {
  const args = { label: translate(label) };
  const rules: Validator[] = [];
  if (field.required)
    rules.push((v: unknown) =>
      v === undefined || v === null || v === '' ? { message: 'validation.required', args } : undefined,
    );
  // the field's one rule (core/rules.ts), from which the server's schema is derived too
  if (field.type === 'text' || field.type === 'email' || field.type === 'phone' || field.type === 'password')
    rules.push(ruleValidator(textRule(field), args.label));
  if (field.type === 'number') {
    if (field.min !== undefined)
      rules.push((v: unknown) =>
        typeof v === 'number' && v < field.min!
          ? { message: 'validation.min', args: { ...args, min: field.min } }
          : undefined,
      );
    if (field.max !== undefined)
      rules.push((v: unknown) =>
        typeof v === 'number' && v > field.max!
          ? { message: 'validation.max', args: { ...args, max: field.max } }
          : undefined,
      );
  }
  return rules;
}

/**
 * A reference field's picker, shown only to a role that may pick from the referenced rows
 * (pickable.ts): a role that may pick nothing there is not offered a picker the API refuses, and
 * the field keeps its value (on Add, the server's default).
 */
function ReferencePicker({
  source,
  reference,
  label,
  validate,
}: {
  source: string;
  reference: string;
  label: string;
  validate: Validator[];
}) {
  const target = findResource(reference);
  const pickable = usePickable([reference]);
  if (!pickable(reference)) return null;
  return (
    <ReferenceInput source={source} reference={reference} perPage={PICKER_OPTIONS}>
      <AutocompleteInput
        label={label}
        validate={validate}
        fullWidth
        filterToQuery={(q: string) => ({ q })}
        optionText={(r: RecordLike) => (target ? recordTitle(target, r) : String(r.id))}
      />
    </ReferenceInput>
  );
}

/** `uploadFor`: what an image field uploads for, when not the entity's own form (the profile's avatar). */
export function FieldInput({
  resource,
  name,
  field,
  source,
  mode,
  uploadFor,
}: {
  resource: ResourceDeclaration;
  name: string;
  field: Field;
  source: string;
  mode: 'create' | 'edit';
  uploadFor?: 'avatar';
}) {
  const translate = useTranslate();
  const label = field.label ?? (source === name ? fieldLabel(resource, name) : `resources.common.${name}`);
  const validate = validatorsOf(field, label, translate);
  const common = { source, label, validate, fullWidth: true } as const;
  switch (field.type) {
    case 'text':
      // a secret the server made: masked, revealed to those allowed (on edit, where the row exists)
      if (field.reveal)
        return mode === 'edit' ? (
          <DeclaredSecret api={resource.api} name={name} label={label} reveal={field.reveal} />
        ) : null;
      return <TextInput {...common} multiline={field.multiline} />;
    case 'email':
      return <TextInput {...common} type="email" />;
    case 'phone':
      return (
        <TextInput
          {...common}
          format={(v?: string) => (v ?? '').replace(/^\+91/, '')}
          helperText="+91"
          inputProps={{ maxLength: PHONE_INPUT_LENGTH, inputMode: 'tel' }}
        />
      );
    case 'password':
      return mode === 'create' ? <PasswordInput {...common} helperText="auth.passwordRule" /> : null;
    case 'number':
      // money is kept in paise and typed in rupees
      if (field.format === 'money') {
        return (
          <NumberInput
            {...common}
            min={field.min === undefined ? undefined : field.min / 100}
            step={0.01}
            // the rupee sign beside the amount, not in the label: a list shows it in each value already
            slotProps={{ input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
            format={(paise: number | null) => (paise === null || paise === undefined ? paise : paise / 100)}
            parse={(rupees: string) => (rupees === '' || rupees === null ? null : Math.round(Number(rupees) * 100))}
          />
        );
      }
      return <NumberInput {...common} min={field.min} max={field.max} step={field.integer ? 1 : 'any'} />;
    case 'boolean':
      return <BooleanInput source={source} label={label} />;
    case 'date':
      return <DateInput {...common} />;
    // "Any" belongs to filters: a form's optional choice offers a blank, a required one none
    case 'choice':
      // named as the list names them (choiceLabels), else by the value itself
      return (
        <SelectInput
          {...common}
          choices={field.choices.map((c) => ({ id: c, name: field.choiceLabels ? `${field.choiceLabels}.${c}` : c }))}
        />
      );
    case 'reference':
      return <ReferencePicker source={source} reference={field.reference} label={label} validate={validate} />;
    case 'image':
      return <ImageUploadInput source={source} label={label} uploadFor={uploadFor} />;
    case 'geometry':
      return <GeometryInput source={source} label={label} field={field} />;
    case 'json':
      return field.editor === 'auth-scopes' ? <AuthScopesInput source={source} label={label} /> : null;
    case 'object':
      return (
        <Box sx={{ width: '100%', display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          {Object.entries(field.fields).map(([sub, subField]) => (
            <FieldInput
              key={sub}
              resource={resource}
              name={sub}
              field={subField}
              source={`${source}.${sub}`}
              mode={mode}
            />
          ))}
        </Box>
      );
    case 'array':
      if (field.reference)
        return <ReferenceArrayPicker source={source} reference={field.reference} label={label} validate={validate} />;
      if (field.choices)
        return (
          <CheckboxGroupInput
            source={source}
            label={label}
            validate={validate}
            choices={field.choices.map((c) => ({ id: c, name: field.choiceLabels ? `${field.choiceLabels}.${c}` : c }))}
            sx={{ '& .MuiFormGroup-root': { display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } } }}
          />
        );
      return <TextListInput source={source} label={label} field={field} />;
  }
}

function FormToolbar({ resource }: { resource: ResourceDeclaration }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label="list.save" />
      <Button component={Link} to={resourcePath(resource, 'list')}>
        {translate('list.back')}
      </Button>
    </Toolbar>
  );
}

/**
 * The record shown first may be the list's row, replaced moments later by the full record:
 * keep what the user already typed. A module constant, as the form resets whenever it changes.
 */
const KEEP_TYPED_VALUES = { keepDirtyValues: true } as const;

/** The fields a form shows: none read-only (but a secret to reveal, on edit), and on edit none set once at creation. */
function formFields(resource: ResourceDeclaration, mode: 'create' | 'edit') {
  return Object.entries(resource.fields).filter(
    ([, field]) =>
      (!field.readOnly || (mode === 'edit' && field.type === 'text' && field.reveal)) &&
      !(mode === 'edit' && field.createOnly),
  );
}

/** Whether a field's input is shown for the form's values (its `shownWhen`): an array shows it when holding one of the values. */
export function shownFor(field: Field, values: Record<string, unknown>): boolean {
  if (!field.shownWhen) return true;
  const value = values[field.shownWhen.field];
  const held = Array.isArray(value) ? value : [value];
  return held.some((v) => field.shownWhen!.is.includes(String(v)));
}

function ResourceFields({ resource, mode }: { resource: ResourceDeclaration; mode: 'create' | 'edit' }) {
  return (
    <SimpleForm toolbar={<FormToolbar resource={resource} />} sx={{ maxWidth: 960 }} resetOptions={KEEP_TYPED_VALUES}>
      {formFields(resource, mode).map(([name, field]) =>
        field.shownWhen ? (
          <FormDataConsumer key={name}>
            {({ formData }) =>
              shownFor(field, formData) ? (
                <FieldInput resource={resource} name={name} field={field} source={name} mode={mode} />
              ) : null
            }
          </FormDataConsumer>
        ) : (
          <FieldInput key={name} resource={resource} name={name} field={field} source={name} mode={mode} />
        ),
      )}
    </SimpleForm>
  );
}

/** What the Add form starts with, and sends unless changed: the defaults of the fields it shows (a read-only field's default is the server's). */
export function createDefaults(resource: ResourceDeclaration) {
  return Object.fromEntries(
    formFields(resource, 'create')
      .filter(([, f]) => f.default !== undefined)
      .map(([n, f]) => [n, f.default]),
  );
}

/** The generated Add form; it saves pessimistically, so the server's field errors land on the fields. */
export function ResourceCreate({ resource }: { resource: ResourceDeclaration }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  // what the create answered whole this once (shownOnce), shown before going back to the list
  const [shown, setShown] = useState<string>();
  const toList = () => navigate(resourcePath(resource, 'list'));
  return (
    <CreateBase
      resource={resource.name}
      record={createDefaults(resource)}
      mutationOptions={{
        onSuccess: (created: Record<string, unknown>) => {
          notify('list.created', { type: 'success' });
          const once = resource.shownOnce && created[resource.shownOnce.field];
          if (typeof once === 'string') setShown(once);
          else toList();
        },
      }}
    >
      {shown && resource.shownOnce && (
        <ShownOnceDialog
          title={resource.shownOnce.title}
          message={resource.shownOnce.message}
          value={shown}
          onDone={toList}
        />
      )}
      <PageHeader title={translate('list.createTitle', { name: translate(resource.title) })} />
      <Card>
        <CardContent>
          <ResourceFields resource={resource} mode="create" />
        </CardContent>
      </Card>
    </CreateBase>
  );
}

function EditHeader({ resource }: { resource: ResourceDeclaration }) {
  const translate = useTranslate();
  const record = useRecordContext<RecordLike & { id: string }>();
  return (
    <PageHeader
      title={translate('list.editTitle', { name: record ? recordTitle(resource, record) : translate(resource.title) })}
    />
  );
}

export function ResourceEdit({ resource, id }: { resource: ResourceDeclaration; id: string }) {
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <EditBase
      resource={resource.name}
      id={id}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('list.saved', { type: 'success' });
          navigate(resourcePath(resource, 'list'));
        },
      }}
    >
      <EditHeader resource={resource} />
      <Card>
        <CardContent>
          <ResourceFields resource={resource} mode="edit" />
        </CardContent>
      </Card>
    </EditBase>
  );
}
