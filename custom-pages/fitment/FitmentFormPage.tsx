import { useCallback, useRef, useState } from 'react';
import {
  Alert,
  Backdrop,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import {
  Form,
  NumberInput,
  PasswordInput,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  useCanAccess,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient.ts';
import { ActivationQuoteNote, chargedMessage, type ActivationQuote } from './ActivationQuote.tsx';
import { VEHICLE_CATEGORIES } from '../../resources/entities/vehicle.ts';
import { IMAGE_COUNTS } from '../../resources/entities/fitment.ts';
import { ACTIVATION_DURATIONS } from '../../resources/entities/sim-activation.ts';
import { stateOfRtoCode } from '../../resources/india.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { BulkUploadDialog } from './BulkUploadDialog.tsx';
import { IndianDateInput, ImeiInput, RtoInputs } from './FitmentInputs.tsx';
import { ImageGroupInput } from './ImageGroupInput.tsx';
import { PersonFields } from './PersonFields.tsx';
import { indianIsoDay } from '../../core/format/date.ts';
import { formatDuration } from '../../core/format/duration.ts';
import { normalise, rules, ruleValidator } from '../../core/rules.ts';

type Values = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const noPrefix = (phone?: string | null) => (phone ?? '').replace(/^\+91/, '');
const withPrefix = (phone?: string | null) => (phone ? normalise(rules.phone, phone) : null);

/** A stored fitment as the form's values (phones without +91, KYC images by kind, activation as YES/NO). */
function toValues(record?: Values, imei?: string): Values {
  if (!record) {
    return {
      device: { imei: imei ?? '', deviceImages: [] },
      vehicle: { rcImages: [] },
      customer: {},
      fitter: {},
      aadhaar: [],
      pan: [],
      deviceActivate: 'YES',
      durationInDays: ACTIVATION_DURATIONS[0],
    };
  }
  const docs = (record.customer?.kycDocs ?? []) as { name: string; link: string }[];
  return {
    vehicle: { ...record.vehicle, rcImages: record.vehicle?.rcImages ?? [] },
    device: { ...record.device, deviceImages: record.device?.deviceImages ?? [] },
    customer: { ...record.customer, phone: noPrefix(record.customer?.phone), kycDocs: undefined },
    fitter: { ...(record.fitter ?? {}), phone: noPrefix(record.fitter?.phone) },
    aadhaar: docs.filter((d) => d.name === 'AADHAR').map((d) => d.link),
    pan: docs.filter((d) => d.name === 'PAN').map((d) => d.link),
    state: stateOfRtoCode(record.vehicle?.rtoCode),
    // the Indian day the stored instant falls on, as the server compares it
    fitmentDate: record.fitmentDate ? indianIsoDay(new Date(String(record.fitmentDate))) : '',
    durationInDays: record.durationInDays,
    deviceActivate: record.deviceActivate === false ? 'NO' : 'YES',
  };
}

/**
 * Which image groups the form insists on: all of them for a new fitment; when editing, only those the
 * record has. A fitment from a CSV file or the seed never had images, so an edit asks for a group's
 * count only once the user adds some to it.
 */
function requiredImageGroups(record?: Values) {
  if (!record) return { rc: true, device: true, aadhaar: true, pan: true };
  const values = toValues(record);
  return {
    rc: values.vehicle.rcImages.length > 0,
    device: values.device.deviceImages.length > 0,
    aadhaar: values.aadhaar.length > 0,
    pan: values.pan.length > 0,
  };
}

/** The plans a fitment can take, and a renewed fitment's own length (its days are no plan's), so its edit keeps it. */
function durationChoices(current: number | undefined, translate: (key: string) => string) {
  const days =
    current && !(ACTIVATION_DURATIONS as readonly number[]).includes(current)
      ? [...ACTIVATION_DURATIONS, current]
      : [...ACTIVATION_DURATIONS];
  return days.map((n) => ({
    id: n,
    name: (ACTIVATION_DURATIONS as readonly number[]).includes(n)
      ? translate(`sim.durations.${n}`)
      : formatDuration(n, translate),
  }));
}

/** An image group as sent: left out when empty, so the server's count rule applies only to images given. */
const imagesOrNothing = (urls?: string[]) => (urls?.length ? urls : undefined);

/** The form's values as the spec's fitment payload. */
function toPayload(values: Values): Values {
  const fitter = values.fitter ?? {};
  const hasFitter = ['firstName', 'lastName', 'email', 'phone'].some((k) => fitter[k]);
  return {
    vehicle: { ...values.vehicle, rcImages: imagesOrNothing(values.vehicle.rcImages) },
    device: {
      imei: values.device.imei,
      panicButtonCount: values.device.panicButtonCount ?? null,
      deviceImages: imagesOrNothing(values.device.deviceImages),
    },
    customer: {
      ...values.customer,
      phone: withPrefix(values.customer.phone),
      kycDocs: [
        ...values.aadhaar.map((link: string) => ({ name: 'AADHAR', link })),
        ...values.pan.map((link: string) => ({ name: 'PAN', link })),
      ],
    },
    fitter: hasFitter ? { ...fitter, phone: withPrefix(fitter.phone) } : null,
    fitmentDate: values.fitmentDate,
    durationInDays: values.durationInDays,
    deviceActivate: values.deviceActivate === 'YES',
  };
}

/** The server's field errors ({"customer.phone": "..."}) as the form's nested errors. */
function nestedErrors(errors: Record<string, string> = {}): Values {
  const out: Values = {};
  for (const [path, text] of Object.entries(errors)) {
    const keys = path.split('.');
    let node = out;
    keys.slice(0, -1).forEach((k) => {
      node = node[k] ??= {};
    });
    node[keys[keys.length - 1]!] = text;
  }
  return out;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-label={translate(title)}>
      <CardHeader
        title={translate(title)}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {children}
      </CardContent>
    </Card>
  );
}

const wide = { gridColumn: { md: '1 / span 2' } };

function FitmentForm({ record, imei }: { record?: Values; imei?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const editing = Boolean(record);
  const [failure, setFailure] = useState<string>();
  const [uploads, setUploads] = useState(0);
  const [busyLabel, setBusyLabel] = useState<string | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const quote = useRef<ActivationQuote | null>(null);
  const keepQuote = useCallback((shown: ActivationQuote | null) => (quote.current = shown), []);
  const { canAccess: canBulk } = useCanAccess({ resource: 'fitment', action: 'bulk-fitment' });
  const onBusy = (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1));
  // back where the user came from; a deep link has nowhere to go back to
  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/fitment'));
  const req = [required()];
  const mustHave = requiredImageGroups(record);

  const submit = async (values: Values) => {
    setFailure(undefined);
    try {
      await (record
        ? apiCall(`/fitment/${record.id}`, 'PUT', toPayload(values))
        : apiCall('/fitment', 'POST', toPayload(values)));
      notify(record ? 'fitment.updated' : 'fitment.created', { type: 'success' });
      const charged = record ? null : chargedMessage(quote.current);
      if (charged) notify(charged[0], { type: 'info', messageArgs: charged[1] });
      back();
      return undefined;
    } catch (error) {
      const text = errorMessage(error, translate('auth.somethingWrong'));
      setFailure(text);
      notify(text, { type: 'error' });
      return nestedErrors((error as { body?: { errors?: Record<string, string> } }).body?.errors);
    }
  };

  return (
    <>
      <PageHeader
        title={
          record
            ? translate('fitment.editTitle', { registrationNumber: record.registrationNumber })
            : 'fitment.addTitle'
        }
        actions={
          !editing && canBulk ? (
            <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setBulkOpen(true)}>
              {translate('fitment.bulkUpload')}
            </Button>
          ) : undefined
        }
      />
      <Form defaultValues={toValues(record, imei)} onSubmit={submit} noValidate>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Section title="fitment.sections.vehicle">
            <SelectInput
              source="vehicle.category"
              label="fitment.fields.category"
              validate={req}
              translateChoice={false}
              choices={VEHICLE_CATEGORIES.map((c) => ({ id: c, name: c }))}
            />
            <TextInput
              source="vehicle.registrationNumber"
              label="fitment.fields.registrationNumber"
              parse={(v: string) => v.toUpperCase()}
              validate={[
                ...req,
                ruleValidator(rules.registrationNumber, translate('fitment.fields.registrationNumber')),
              ]}
            />
            <TextInput source="vehicle.engineNo" label="fitment.fields.engineNo" />
            <TextInput source="vehicle.chassisNo" label="fitment.fields.chassisNo" />
            <IndianDateInput source="vehicle.regDate" label="fitment.fields.regDate" validate={req} />
            <Box />
            <RtoInputs />
            <TextInput source="vehicle.make" label="fitment.fields.make" />
            <TextInput source="vehicle.model" label="fitment.fields.model" />
            <Box sx={wide}>
              <ImageGroupInput
                source="vehicle.rcImages"
                label="fitment.fields.rcImages"
                required={mustHave.rc}
                min={IMAGE_COUNTS.rcImages[0]}
                max={IMAGE_COUNTS.rcImages[1]}
                countMessage="fitment.images.rcImagesCount"
                onBusy={onBusy}
              />
            </Box>
          </Section>
          <Section title="fitment.sections.device">
            <ImeiInput disabled={editing} />
            <NumberInput
              source="device.panicButtonCount"
              label="fitment.fields.panicButtonCount"
              min={0}
              max={10}
              step={1}
            />
            <Box sx={wide}>
              <ImageGroupInput
                source="device.deviceImages"
                label="fitment.fields.deviceImages"
                required={mustHave.device}
                min={IMAGE_COUNTS.deviceImages[0]}
                max={IMAGE_COUNTS.deviceImages[1]}
                countMessage="fitment.images.deviceImagesCount"
                onBusy={onBusy}
              />
            </Box>
          </Section>
          <Section title="fitment.sections.customer">
            <Box sx={wide}>
              <PersonFields prefix="customer" roleName="CUSTOMER" isRequired />
            </Box>
            {!editing && (
              <PasswordInput
                source="customer.password"
                label="fitment.fields.password"
                helperText="fitment.passwordHelp"
              />
            )}
            <TextInput
              source="customer.address"
              label="fitment.fields.address"
              validate={req}
              multiline
              minRows={3}
              sx={wide}
            />
            <ImageGroupInput
              source="aadhaar"
              label="fitment.fields.aadhaarImages"
              required={mustHave.aadhaar}
              min={IMAGE_COUNTS.AADHAR[0]}
              max={IMAGE_COUNTS.AADHAR[1]}
              countMessage="fitment.images.AADHARCount"
              onBusy={onBusy}
              folder="DOC"
            />
            <ImageGroupInput
              source="pan"
              label="fitment.fields.panImages"
              required={mustHave.pan}
              min={IMAGE_COUNTS.PAN[0]}
              max={IMAGE_COUNTS.PAN[1]}
              countMessage="fitment.images.PANCount"
              onBusy={onBusy}
              folder="DOC"
            />
          </Section>
          <Section title="fitment.sections.fitter">
            <Box sx={wide}>
              <PersonFields prefix="fitter" isRequired={false} />
            </Box>
          </Section>
          <Section title="fitment.sections.fitment">
            {/* once the activation is paid for, the date it counts from stays (docs/wallet.md) */}
            <IndianDateInput
              source="fitmentDate"
              label="fitment.fields.fitmentDate"
              validate={req}
              readOnly={Boolean(record?.paidThrough)}
              helperText={record?.paidThrough ? 'fitment.dateFixed' : undefined}
            />
            <SelectInput
              source="durationInDays"
              label="fitment.fields.durationInDays"
              validate={req}
              choices={durationChoices(record?.durationInDays as number | undefined, translate)}
              translateChoice={false}
            />
            <SelectInput
              source="deviceActivate"
              label="fitment.fields.deviceActivate"
              validate={req}
              choices={[
                { id: 'YES', name: 'fitment.yes' },
                { id: 'NO', name: 'fitment.no' },
              ]}
            />
          </Section>
          {!editing && <ActivationQuoteNote onQuote={keepQuote} />}
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <SaveButton label="fitment.submit" alwaysEnable />
            <Button onClick={back}>{translate('list.back')}</Button>
          </Box>
        </Box>
      </Form>
      {bulkOpen && (
        <BulkUploadDialog
          onBusy={setBusyLabel}
          onClose={(created) => {
            setBulkOpen(false);
            if (created) navigate('/fitment');
          }}
        />
      )}
      <Backdrop
        open={uploads > 0 || busyLabel !== null}
        sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
      >
        <CircularProgress color="inherit" />
        {busyLabel && <Typography>{busyLabel}</Typography>}
      </Backdrop>
    </>
  );
}

/** fitment/add (optionally ?imei= from a device's Create Activation) and fitment/edit/{id}. */
export function FitmentFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const { data: record, isPending, error } = useGetOne('fitment', { id: id! }, { enabled: Boolean(id) });
  if (id && isPending) return <CircularProgress sx={{ m: 4 }} />;
  if (id && error) return <Alert severity="error">{errorMessage(error, 'Not found')}</Alert>;
  return <FitmentForm key={record?.id ?? 'new'} record={record} imei={search.get('imei') ?? undefined} />;
}
