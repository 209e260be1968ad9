import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  InputAdornment,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { useGetList, useTranslate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { ImeiPicker } from '../../src/resources/inputs/ImeiPicker.tsx';
import { FormCallMessage, useFormCall } from '../../src/pages/auth/useFormCall.tsx';
import { formatDuration } from '../../core/format/duration.ts';
import { ACTIVATION_DURATIONS, MAX_SIM_IPS, MAX_SIM_NUMBERS } from '../../resources/entities/sim-activation.ts';
import { mobileDigits, PHONE_INPUT_LENGTH } from '../../core/rules.ts';

interface Order {
  id: string;
  imei: string;
  ips: string[];
  numbers: string[];
  durationInDays: number;
}

/** One editable list of text entries (IPs, phone numbers): at least one, at most `max`. */
function EntryList({
  label,
  addLabel,
  lastMessage,
  values,
  onChange,
  max,
  phone,
}: {
  label: string;
  addLabel: string;
  lastMessage: string;
  values: string[];
  onChange(values: string[]): void;
  max: number;
  phone?: boolean;
}) {
  const translate = useTranslate();
  const [error, setError] = useState<string>();
  const remove = (index: number) => {
    if (values.length === 1) return setError(translate(lastMessage));
    setError(undefined);
    onChange(values.filter((_, i) => i !== index));
  };
  return (
    <Box role="group" aria-label={translate(label)} sx={{ display: 'grid', gap: 1 }}>
      {values.map((value, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            fullWidth
            size="small"
            label={`${translate(label)} ${index + 1}`}
            value={value}
            onChange={(e) =>
              onChange(
                values.map((v, i) => (i === index ? (phone ? mobileDigits(e.target.value) : e.target.value) : v)),
              )
            }
            slotProps={
              phone
                ? {
                    input: { startAdornment: <InputAdornment position="start">+91</InputAdornment> },
                    htmlInput: { maxLength: PHONE_INPUT_LENGTH, inputMode: 'tel' },
                  }
                : undefined
            }
          />
          <IconButton
            aria-label={`${translate('sim.remove')} ${translate(label)} ${index + 1}`}
            onClick={() => remove(index)}
          >
            <RemoveIcon />
          </IconButton>
        </Box>
      ))}
      {error && (
        <Typography role="alert" variant="body2" color="error">
          {error}
        </Typography>
      )}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={values.length >= max}
          onClick={() => {
            setError(undefined);
            onChange([...values, '']);
          }}
        >
          {translate(addLabel)}
        </Button>
      </Box>
    </Box>
  );
}

/** The form itself, starting from the order being edited or from the IMEI a device's row passed. */
function OrderForm({ order, initialImei }: { order?: Order; initialImei: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [imei, setImei] = useState(order?.imei ?? initialImei);
  const [ips, setIps] = useState(order?.ips.length ? order.ips : ['']);
  const [numbers, setNumbers] = useState(
    order?.numbers.length ? order.numbers.map((n) => n.replace(/^\+91/, '')) : [''],
  );
  const [durationInDays, setDuration] = useState<number>(order?.durationInDays ?? ACTIVATION_DURATIONS[0]);

  // back where the user came from; a deep link has nowhere to go back to
  const back = () =>
    (window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/sim-activation-order');
  const { submit, busy, result } = useFormCall(
    async () => {
      const body = {
        imei,
        ips: ips.map((v) => v.trim()).filter(Boolean),
        numbers: numbers.map((v) => v.trim()).filter(Boolean),
        durationInDays,
      };
      await (order ? apiCall(`/sim-activation/${order.id}`, 'PUT', body) : apiCall('/sim-activation', 'POST', body));
      return { message: order ? 'sim.updated' : 'sim.created' };
      // the spec's sim form shows a failure as an error snackbar and as the form's error
    },
    { onSuccess: back, failureToast: true },
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({});
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
    >
      <ImeiPicker value={imei} onChange={setImei} disabled={Boolean(order)} label="sim.imei" />
      <EntryList
        label="sim.ips"
        addLabel="sim.addIp"
        lastMessage="sim.ipsRequired"
        values={ips}
        onChange={setIps}
        max={MAX_SIM_IPS}
      />
      <EntryList
        label="sim.numbers"
        addLabel="sim.addNumber"
        lastMessage="sim.numbersRequired"
        values={numbers}
        onChange={setNumbers}
        max={MAX_SIM_NUMBERS}
        phone
      />
      <TextField
        select
        label={translate('sim.duration')}
        value={durationInDays}
        onChange={(e) => setDuration(Number(e.target.value))}
      >
        {ACTIVATION_DURATIONS.map((days) => (
          <MenuItem key={days} value={days}>
            {translate(`sim.durations.${days}`)}
          </MenuItem>
        ))}
        {/* an order raised through the API may carry another duration: keep it on offer */}
        {!(ACTIVATION_DURATIONS as readonly number[]).includes(durationInDays) && (
          <MenuItem value={durationInDays}>{formatDuration(durationInDays, translate)}</MenuItem>
        )}
      </TextField>
      <FormCallMessage result={result} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('sim.submit')}
        </Button>
        <Button onClick={back}>{translate('list.back')}</Button>
      </Box>
    </Box>
  );
}

/**
 * sim-activation-order/add (optionally ?imei=, from a device's Raise SIM Activation) and
 * sim-activation-order/edit/{device}: the device's open order.
 */
export function SimActivationFormPage() {
  const translate = useTranslate();
  const { device } = useParams();
  const [search] = useSearchParams();
  const { data: open = [], isPending } = useGetList<Order>(
    'sim-activation',
    {
      filter: { deviceId: device, status: ['INITIATED', 'APPROVED'] },
      pagination: { page: 1, perPage: 1 },
    },
    { enabled: Boolean(device) },
  );
  const order = open[0];
  if (device && isPending) return <CircularProgress sx={{ m: 4 }} />;
  return (
    <>
      <PageHeader title={order ? translate('sim.editTitle', { imei: order.imei }) : 'sim.addTitle'} />
      <Card>
        <CardContent>
          {device && !order ? (
            <Alert severity="info">{translate('sim.noOpenOrder')}</Alert>
          ) : (
            <OrderForm key={order?.id ?? 'new'} order={order} initialImei={search.get('imei') ?? ''} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
