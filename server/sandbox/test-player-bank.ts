// The sandbox test player's question bank: five multiple-choice questions per subject. A paper
// (exam_papers) lists its subjects; its questions are those subjects' questions in order. The
// answers stay on the server: the test page only ever sees the questions and options.

export interface BankQuestion {
  /** Stable within the subject, e.g. phy-1. */
  id: string;
  text: string;
  options: [string, string, string, string];
  /** Index of the right option. */
  answer: number;
}

export const questionBank: Record<string, BankQuestion[]> = {
  Physics: [
    {
      id: 'phy-1',
      text: 'What is the SI unit of force?',
      options: ['Joule', 'Newton', 'Watt', 'Pascal'],
      answer: 1,
    },
    {
      id: 'phy-2',
      text: 'A body moves at a constant 10 m/s for 5 s. How far does it travel?',
      options: ['2 m', '15 m', '50 m', '500 m'],
      answer: 2,
    },
    {
      id: 'phy-3',
      text: 'Which quantity is a vector?',
      options: ['Speed', 'Mass', 'Temperature', 'Velocity'],
      answer: 3,
    },
    {
      id: 'phy-4',
      text: 'The acceleration due to gravity near the Earth’s surface is about',
      options: ['9.8 m/s²', '1.6 m/s²', '98 m/s²', '0.98 m/s²'],
      answer: 0,
    },
    {
      id: 'phy-5',
      text: 'Ohm’s law relates voltage V, current I and resistance R as',
      options: ['V = I / R', 'V = I R', 'V = R / I', 'V = I + R'],
      answer: 1,
    },
  ],
  Chemistry: [
    {
      id: 'chem-1',
      text: 'What is the chemical formula of water?',
      options: ['H₂O', 'CO₂', 'O₂', 'H₂O₂'],
      answer: 0,
    },
    {
      id: 'chem-2',
      text: 'The atomic number of carbon is',
      options: ['12', '8', '6', '14'],
      answer: 2,
    },
    {
      id: 'chem-3',
      text: 'A solution with pH 3 is',
      options: ['Neutral', 'Basic', 'Acidic', 'Saturated'],
      answer: 2,
    },
    {
      id: 'chem-4',
      text: 'Which gas is released when zinc reacts with dilute hydrochloric acid?',
      options: ['Oxygen', 'Hydrogen', 'Chlorine', 'Nitrogen'],
      answer: 1,
    },
    {
      id: 'chem-5',
      text: 'Which of these is a noble gas?',
      options: ['Nitrogen', 'Fluorine', 'Argon', 'Sodium'],
      answer: 2,
    },
  ],
  Mathematics: [
    {
      id: 'math-1',
      text: 'What is 15% of 200?',
      options: ['15', '20', '30', '35'],
      answer: 2,
    },
    {
      id: 'math-2',
      text: 'If 2x + 3 = 11, then x equals',
      options: ['3', '4', '5', '7'],
      answer: 1,
    },
    {
      id: 'math-3',
      text: 'The sum of the interior angles of a triangle is',
      options: ['90°', '180°', '270°', '360°'],
      answer: 1,
    },
    {
      id: 'math-4',
      text: 'What is the derivative of x² with respect to x?',
      options: ['x', '2x', 'x²/2', '2'],
      answer: 1,
    },
    {
      id: 'math-5',
      text: 'The roots of x² − 5x + 6 = 0 are',
      options: ['1 and 6', '2 and 3', '−2 and −3', '3 and 5'],
      answer: 1,
    },
  ],
  Biology: [
    {
      id: 'bio-1',
      text: 'Which organelle is called the powerhouse of the cell?',
      options: ['Nucleus', 'Ribosome', 'Mitochondrion', 'Golgi body'],
      answer: 2,
    },
    {
      id: 'bio-2',
      text: 'Photosynthesis takes place in the',
      options: ['Chloroplast', 'Vacuole', 'Cell wall', 'Lysosome'],
      answer: 0,
    },
    {
      id: 'bio-3',
      text: 'How many chambers does the human heart have?',
      options: ['Two', 'Three', 'Four', 'Five'],
      answer: 2,
    },
    {
      id: 'bio-4',
      text: 'Which blood cells help in clotting?',
      options: ['Red blood cells', 'Platelets', 'White blood cells', 'Plasma cells'],
      answer: 1,
    },
    {
      id: 'bio-5',
      text: 'DNA stands for',
      options: ['Deoxyribonucleic acid', 'Dinitrogen acid', 'Deoxyribose nitrate', 'Diribonucleic acid'],
      answer: 0,
    },
  ],
  Science: [
    {
      id: 'sci-1',
      text: 'Which planet is closest to the Sun?',
      options: ['Venus', 'Earth', 'Mercury', 'Mars'],
      answer: 2,
    },
    {
      id: 'sci-2',
      text: 'Water boils at sea level at',
      options: ['90 °C', '100 °C', '110 °C', '120 °C'],
      answer: 1,
    },
    {
      id: 'sci-3',
      text: 'Which part of a plant absorbs water from the soil?',
      options: ['Leaf', 'Stem', 'Flower', 'Root'],
      answer: 3,
    },
    {
      id: 'sci-4',
      text: 'Which of these is a good conductor of electricity?',
      options: ['Copper', 'Rubber', 'Glass', 'Wood'],
      answer: 0,
    },
    {
      id: 'sci-5',
      text: 'The gas we breathe out in larger amounts than we breathe in is',
      options: ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Helium'],
      answer: 2,
    },
  ],
  'Mental Ability': [
    {
      id: 'iq-1',
      text: 'What comes next: 2, 4, 8, 16, …?',
      options: ['18', '24', '32', '64'],
      answer: 2,
    },
    {
      id: 'iq-2',
      text: 'If CAT is written as DBU, how is DOG written?',
      options: ['EPH', 'EPF', 'CNF', 'FQI'],
      answer: 0,
    },
    {
      id: 'iq-3',
      text: 'Which word does not belong: apple, mango, carrot, banana?',
      options: ['Apple', 'Mango', 'Carrot', 'Banana'],
      answer: 2,
    },
    {
      id: 'iq-4',
      text: 'A clock shows 3:00. What is the angle between the hands?',
      options: ['45°', '60°', '90°', '120°'],
      answer: 2,
    },
    {
      id: 'iq-5',
      text: 'Ravi is taller than Sita, and Sita is taller than Amit. Who is the shortest?',
      options: ['Ravi', 'Sita', 'Amit', 'Cannot be told'],
      answer: 2,
    },
  ],
};

export interface PaperQuestion extends BankQuestion {
  subject: string;
  /** subject-scoped id, used as the form field name: q-phy-1. */
  field: string;
}

/** The questions of a paper with these subjects; unknown subjects have none. */
export function paperQuestions(subjects: string[]): PaperQuestion[] {
  return subjects.flatMap((subject) =>
    (questionBank[subject] ?? []).map((q) => ({ ...q, subject, field: `q-${q.id}` })),
  );
}
