/** Words the scale seed builds its rows from: ordinary names, chat lines, support questions, admin reasons. */

export const FIRST_NAMES = [
  'Anna', 'Maria', 'Elena', 'Olga', 'Irina', 'Natalia', 'Svetlana', 'Tatiana', 'Daria', 'Ksenia', 'Alina', 'Polina',
  'Sofia', 'Emma', 'Olivia', 'Mia', 'Laura', 'Julia', 'Sara', 'Lucia', 'Chloe', 'Hannah', 'Grace', 'Amira',
  'Ivan', 'Dmitry', 'Sergey', 'Alexei', 'Mikhail', 'Andrei', 'Pavel', 'Nikolai', 'Artem', 'Maxim', 'Kirill', 'Egor',
  'James', 'Lucas', 'Noah', 'Liam', 'Mateo', 'Daniel', 'David', 'Tomas', 'Marco', 'Jonas', 'Ahmed', 'Omar',
  'Kemal', 'Arjun', 'Ravi', 'Wei', 'Kenji', 'Carlos', 'Diego', 'Pedro', 'Samuel', 'Victor', 'Oskar', 'Adam',
] as const;

export const LAST_NAMES = [
  'Ivanova', 'Petrova', 'Smirnova', 'Kuznetsova', 'Popova', 'Volkova', 'Sokolova', 'Morozova', 'Novikova', 'Fedorova',
  'Ivanov', 'Petrov', 'Smirnov', 'Kuznetsov', 'Popov', 'Volkov', 'Sokolov', 'Morozov', 'Novikov', 'Fedorov',
  'Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Walker',
  'Garcia', 'Martinez', 'Lopez', 'Gonzalez', 'Rodriguez', 'Silva', 'Santos', 'Costa', 'Rossi', 'Bianchi',
  'Muller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Nowak', 'Kowalski', 'Novak', 'Horvat', 'Jensen',
  'Yilmaz', 'Demir', 'Kaya', 'Sharma', 'Patel', 'Singh', 'Chen', 'Wang', 'Tanaka', 'Sato',
] as const;

export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

export const GENERAL_CHAT_LINES = [
  'Good morning everyone!',
  'Has anyone done the receipt photos task? How strict is the review?',
  'Just got my first withdrawal approved, took about a day.',
  'The transcription tasks are longer than they look, plan an hour.',
  'Is the USDT network fee the same for everyone?',
  'Tip: read the submission instructions twice, that is where most rejections come from.',
  'New app testing tasks are up.',
  'Anyone else testing on an older Android phone? The checkout task was slow for me.',
  'Всем привет! Кто-нибудь делал расшифровку интервью?',
  'Вывод пришёл, спасибо поддержке.',
  'Подскажите, сколько обычно проверяют задания?',
  'Thanks, that helped.',
  'My submission was sent back for revision, fixed the screenshots and resubmitted.',
  'How long does a verification usually take?',
  'Labelling tasks are good for short breaks.',
  'Does anyone know if the survey tasks accept answers from phones?',
  'Good night, see you tomorrow.',
  'The map check tasks need street view, keep that in mind.',
  'Reached 100 completed tasks today!',
  'Remember the time limit starts when you take the task.',
] as const;

export const SUPPORT_QUESTIONS = [
  'Hello, my withdrawal has been processing for two days. Is everything all right?',
  'I submitted the task but the files did not upload. Can I send them again?',
  'Why was my submission rejected? The reason is not clear to me.',
  'I changed my phone and cannot log in, can you help?',
  'Can I change the wallet address of a pending withdrawal?',
  'Здравствуйте, не могу загрузить документ для верификации.',
  'The task I took expired while I was uploading. Can it be restored?',
  'How do I delete my account?',
] as const;

export const SUPPORT_ANSWERS = [
  'Thank you for writing. Withdrawals are reviewed in the order they arrive; yours is in the queue and will be decided today.',
  'Please submit again from the task page; files are attached with the submission, up to 10 of them.',
  'The reviewer asked for screenshots of every step. Add them and resubmit; the task is still yours.',
  'Use "Forgot password" on the sign-in page; the link arrives by e-mail within a minute.',
  'A pending withdrawal cannot be changed. If you cancel by writing here, we reject it and the amount returns to your balance.',
  'Здравствуйте! Поддерживаются фото в форматах JPEG, PNG и WebP до 10 МБ. Попробуйте ещё раз.',
  'The time limit is shown on the task. We released it back to the board; you can take it again if it is free.',
  'Open your profile, then "Delete account". Your balance must be withdrawn or zero first.',
] as const;

export const WITHDRAWAL_REJECTIONS = [
  'The wallet address belongs to a different network than the currency chosen.',
  'Duplicate request: the same amount was already paid out today.',
  'Please verify your identity before withdrawing this amount.',
  'Requested by the worker: cancelled.',
] as const;

export const ADJUSTMENT_REASONS = [
  'Weekly quality bonus',
  'Referral bonus: invited worker completed 10 tasks',
  'Bonus for fast review turnaround on urgent tasks',
  'Compensation for a task removed while in progress',
  'Monthly top contributor bonus',
  'Correction: reward of a resubmitted task',
] as const;

export const REJECTION_REASONS = [
  'Screenshots of steps 4 to 6 are missing.',
  'The transcript stops at 2:10; the recording is 3 minutes long.',
  'Several labels do not follow the guideline for partially visible objects.',
  'The completion code is not valid.',
] as const;

export const CANCELLATION_REASONS = ['Duplicate account suspected', 'The task was withdrawn by the client', 'Submission in the wrong language', 'Requested by the worker'] as const;

export const NEWS_TOPICS = [
  ['New task category: accessibility checks', 'We now offer accessibility checks of websites and apps with screen readers. They pay more than regular app tests and need some experience; the first tasks are on the board.'],
  ['Withdrawals to Solana and Polygon', 'You can now withdraw to SOL and MATIC wallets. Network fees are shown before you confirm.'],
  ['Review times this week', 'Submissions are reviewed within 24 hours on average this week. Thanks for your patience during the busy start of the month.'],
  ['Reminder: read the submission instructions', 'Most rejections last month were missing screenshots. Each task says exactly what to attach.'],
  ['Scheduled maintenance on Sunday', 'The platform will be unavailable for about 20 minutes on Sunday at 03:00 UTC. Tasks you hold keep their time.'],
  ['Russian-language transcription tasks', 'New transcription tasks in Russian are available. Native speakers only, please.'],
  ['Identity verification is faster now', 'Most verification applications are now decided within a day.'],
  ['Top contributors of the month', 'The monthly awards are out: see the Awards page for the leaderboard, computed from approved tasks.'],
] as const;
