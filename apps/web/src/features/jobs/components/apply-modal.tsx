import '../../../components/extra-styles';
import { useState } from 'react';
import { Anchor, Button, FileButton, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { UploadIcon } from '../../../components/more-icons';
import { describeError, isApiError } from '../../../lib/api/api-error';
import { acceptOf, checkFile, fileLimitOf } from '../../../lib/file-rules';
import { useApplyToJobMutation } from '../../applications/api/applications-api';
import { useGetOwnProfileQuery } from '../../profiles/api/profiles-api';

const coverLetterMax = 5000;

interface ApplyModalProps {
  opened: boolean;
  onClose: () => void;
  job: { id: number; title: string; companyName: string };
}

/** Apply: the profile resume (the default when there is one) or a new file, and a cover letter. Multipart, as spec 5 says. */
export function ApplyModal({ opened, onClose, job }: ApplyModalProps) {
  const { data: profile, isLoading: profileLoading } = useGetOwnProfileQuery();
  const [apply, { isLoading }] = useApplyToJobMutation();
  const hasProfileResume = Boolean(profile?.resume);
  const [choice, setChoice] = useState<'profile' | 'new' | null>(null);
  const source = choice ?? (hasProfileResume ? 'profile' : 'new');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [coverLetter, setCoverLetter] = useState('');
  const [error, setError] = useState<string | null>(null);

  const pick = (next: File | null) => {
    if (!next) return;
    const problem = checkFile('resume', next);
    setFileError(problem);
    setFile(problem ? null : next);
  };

  const submit = async () => {
    setError(null);
    if (source === 'new' && !file) {
      setFileError('Choose a resume to send.');
      return;
    }
    try {
      await apply({ jobId: job.id, coverLetter: coverLetter.trim(), resume: source === 'new' ? file : null }).unwrap();
      notify({ color: 'teal', message: `Applied to ${job.title}. Good luck!` });
      onClose();
    } catch (e) {
      if (isApiError(e) && e.status === 409) setError('You have already applied to this job.');
      else if (isApiError(e) && e.status === 413) setError(`The resume is too large: up to ${fileLimitOf('resume')}.`);
      else if (isApiError(e) && e.status === 415) setError('The resume must be a PDF or DOCX file.');
      else setError(e && isApiError(e) && e.fields.resume ? e.fields.resume.join(' ') : describeError(e));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>Apply to {job.title}</Text>} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {job.companyName} sees your profile, your resume and your cover letter.
          </Text>
          <Radio.Group label="Resume" value={source} onChange={(value) => setChoice(value === 'profile' ? 'profile' : 'new')}>
            <Stack gap="xs" mt={6}>
              <Radio
                value="profile"
                disabled={!hasProfileResume}
                label={
                  profileLoading
                    ? 'Your profile resume'
                    : hasProfileResume
                      ? `Your profile resume (${profile?.resume?.name ?? ''})`
                      : 'Your profile resume (none yet)'
                }
              />
              <Radio value="new" label="Upload a new file for this application" />
            </Stack>
          </Radio.Group>
          {source === 'new' && (
            <Stack gap={4}>
              <Group gap="sm">
                <FileButton onChange={pick} accept={acceptOf('resume')}>
                  {(props) => (
                    <Button {...props} variant="default" size="sm" leftSection={<UploadIcon size={14} />}>
                      {file ? 'Choose another file' : 'Choose a file'}
                    </Button>
                  )}
                </FileButton>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file ? file.name : `PDF or DOCX, up to ${fileLimitOf('resume')}`}
                </Text>
              </Group>
              {fileError && (
                <Text size="xs" c="red" role="alert">
                  {fileError}
                </Text>
              )}
              {!hasProfileResume && !profileLoading && (
                <Text size="xs" c="dimmed">
                  Tip: add a resume to{' '}
                  <Anchor component={Link} to="/jobseekerprofile" size="xs" underline="always">
                    your profile
                  </Anchor>{' '}
                  to apply faster next time.
                </Text>
              )}
            </Stack>
          )}
          <Textarea
            label="Cover letter"
            description={`${coverLetter.length.toLocaleString()} / ${coverLetterMax.toLocaleString()} characters · optional`}
            autosize
            minRows={5}
            maxRows={14}
            maxLength={coverLetterMax}
            value={coverLetter}
            onChange={(event) => setCoverLetter(event.currentTarget.value)}
          />
          <FormAlert>{error}</FormAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isLoading}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading}>
              Send application
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
